import type { RunRecord } from '@skill-service/contracts';
import type { RunState, StepTiming } from './run-state.js';

/** The error a cancelled run's record carries (`Run cancelled`, or with the reason after a colon). */
export function isCancelledRecord(record: Pick<RunRecord, 'status' | 'error'> | undefined): boolean {
  return record?.status === 'failed' && typeof record.error === 'string' && /^Run cancelled\b/.test(record.error);
}

/**
 * A run as the page shows it once cancelled: the outcome is the record's error, the steps that
 * were running failed where the cancel stopped them, those never started did not run. Steps that
 * had ended keep their status. `at` (ms since the epoch) closes the running steps' timeline bars.
 */
export function cancelledRun(state: RunState, message: string, at: number): RunState {
  const steps: Record<string, StepTiming> = {};
  for (const [id, step] of Object.entries(state.steps)) {
    if (step.status === 'running') steps[id] = { ...step, status: 'failed', finishedAt: Math.max(at, step.startedAt ?? at), message };
    else if (step.status === 'pending') steps[id] = { status: 'not-run' };
    else steps[id] = step;
  }
  return { ...state, steps, outcome: { kind: 'failed', message } };
}
