import type { AuditMode, ServiceError } from '@skill-service/contracts';
import type { AuditRecorder, AuditRunSummary, AuditStepSummary } from '../audit/audit-run-summary.js';
import type { CompiledStep } from '../plan/compiled-skill.js';
import type { StepStatus } from './execute-step.js';
import type { StepResult } from './step-host.js';

export interface StepAuditFacts {
  readonly step: CompiledStep;
  readonly status: StepStatus | 'failed';
  readonly durationMs: number;
  /** Include the resolved input and produced output (audit mode `full`). */
  readonly full: boolean;
  readonly result?: StepResult;
  readonly error?: ServiceError;
}

/** What the audit record says about one settled step. */
export function stepAuditSummary(facts: StepAuditFacts): AuditStepSummary {
  const { step, result, error } = facts;
  const completed = result?.kind === 'completed' ? result : undefined;
  const meta = completed?.meta;
  return {
    id: step.id,
    uses: step.definition.uses,
    status: facts.status,
    durationMs: facts.durationMs,
    ...(meta === undefined
      ? {}
      : {
          bindingId: meta.binding_id,
          ...(meta.service_id === null ? {} : { serviceId: meta.service_id }),
          fallbackUsed: meta.fallback_used,
          conformanceProfile: meta.conformance_profile,
        }),
    ...(completed === undefined ? {} : { attempts: completed.attempts }),
    ...(facts.full && completed !== undefined ? { input: completed.input, output: completed.produced } : {}),
    ...(error === undefined ? {} : { error: { code: error.code, message: error.message } }),
  };
}

/**
 * Hands a settled run to the recorder without waiting for it: the record is written in the
 * background, and neither a throw nor a rejection of the recorder can change the run's result.
 */
export function recordRunAudit(recorder: AuditRecorder, summary: AuditRunSummary, mode: Exclude<AuditMode, 'off'>): void {
  try {
    recorder.record(summary, mode).catch(() => undefined);
  } catch {
    // A recorder that throws synchronously is as ignorable as one that rejects.
  }
}
