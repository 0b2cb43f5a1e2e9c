import type { CapabilityExecutionResult, ExecutionResult, StreamEvent } from '@skill-service/contracts';
import type { RunSkillOptions } from '@skill-service/engine';
import type { ServiceObserver, StepOutcome } from './service-observer.js';

/** The protocol of a capability's primary binding, `none` when it has none. */
export type ProtocolOf = (capabilityId: string) => string;

const STEP_ENDS: Readonly<Partial<Record<StreamEvent['type'], StepOutcome>>> = {
  step_completed: 'completed',
  step_failed: 'failed',
  step_degraded: 'degraded',
};

// Input errors are answered before anything is invoked: they are no step.
const NOT_A_STEP = new Set(['invalid_request', 'not_found']);

/** An observer must never disturb an execution (nor reject a promise nobody awaits). */
function safely(report: () => void): void {
  try {
    report();
  } catch {
    // Deliberately ignored: see above.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The protocol of the binding named in binding metadata (step_completed data, a capability result's meta). */
function servedProtocol(meta: unknown): string | undefined {
  if (!isRecord(meta) || typeof meta['binding_id'] !== 'string' || !isRecord(meta['resolution_plan'])) return undefined;
  const chain = meta['resolution_plan']['chain'];
  const entry = Array.isArray(chain) ? chain.find((item: unknown) => isRecord(item) && item['binding_id'] === meta['binding_id']) : undefined;
  return isRecord(entry) && typeof entry['protocol'] === 'string' ? entry['protocol'] : undefined;
}

/**
 * Turns executions into observer reports, from what they already produce: a skill's engine events
 * give each step's duration (step_start to its terminal event) and its binding metadata the
 * protocol; the result promise gives the execution's outcome. Without an observer it adds nothing.
 */
export class ObservedExecutions {
  constructor(
    private readonly observer: ServiceObserver | undefined,
    private readonly protocolOf: ProtocolOf,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The run options with a step-timing event tap, and what reports the run's outcome. */
  skill(skillId: string, channel: string, options: RunSkillOptions): { options: RunSkillOptions; settle(result: Promise<ExecutionResult>): void } {
    const observer = this.observer;
    if (observer === undefined) return { options, settle: () => undefined };
    const subscriber = options.onEvent;
    const starts = new Map<string, { at: number; uses: unknown }>();
    const onEvent = (event: StreamEvent): void => {
      if (event.step_id !== null) this.onStepEvent(event, event.step_id, starts);
      subscriber?.(event);
    };
    return {
      options: { ...options, onEvent },
      settle: (result) => {
        result.then(
          () => safely(() => observer.skillExecuted?.(skillId, 'completed', channel)),
          () => safely(() => observer.skillExecuted?.(skillId, 'failed', channel)),
        );
      },
    };
  }

  /** A direct capability execution is reported as one step. */
  capability(capabilityId: string, result: Promise<CapabilityExecutionResult>): void {
    const observer = this.observer;
    if (observer?.stepFinished === undefined) return;
    const startedAt = this.clock();
    const seconds = (): number => (this.clock() - startedAt) / 1000;
    result.then(
      (answer) => safely(() => observer.stepFinished?.(servedProtocol(answer.meta) ?? this.protocolOf(capabilityId), 'completed', seconds())),
      (error: unknown) => {
        const code = isRecord(error) ? error['code'] : undefined;
        if (typeof code === 'string' && NOT_A_STEP.has(code)) return;
        safely(() => observer.stepFinished?.(this.protocolOf(capabilityId), 'failed', seconds()));
      },
    );
  }

  private onStepEvent(event: StreamEvent, stepId: string, starts: Map<string, { at: number; uses: unknown }>): void {
    if (event.type === 'step_start') {
      starts.set(stepId, { at: this.clock(), uses: event.data?.['uses'] });
      return;
    }
    const outcome = STEP_ENDS[event.type];
    const start = starts.get(stepId);
    if (event.type === 'step_skipped') starts.delete(stepId);
    if (outcome === undefined || start === undefined) return;
    starts.delete(stepId);
    const uses = typeof start.uses === 'string' ? start.uses : '';
    const protocol = uses.startsWith('skill:') ? 'skill' : (servedProtocol(event.data) ?? this.protocolOf(uses));
    safely(() => this.observer?.stepFinished?.(protocol, outcome, (this.clock() - start.at) / 1000));
  }
}
