import { toErrorPayload, type ExecutionResult, type RunRecord, type WebhookEventData, type WebhookEventName } from '@skill-service/contracts';

/** Where execution events go (the webhook dispatcher: enqueues and returns at once). */
export type PublishEvent = (event: WebhookEventName, data: WebhookEventData, traceId: string) => void;

/** Reports how the execution started by `started` settled; returns nothing and never rejects. */
export type SettleExecution = (result: Promise<ExecutionResult>) => void;

/**
 * The one place executions report their webhook events, for every channel (sync, stream, async):
 * `started` fires `skill.started` and answers the function that, given the execution's result
 * promise, fires `skill.completed` or `skill.failed` when it settles, plus `run.completed` or
 * `run.failed` for an async run (`runId`; none when it answers undefined). The result promise
 * itself is left untouched.
 */
export class ExecutionEvents {
  constructor(
    private readonly publish: PublishEvent,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  started(skillId: string, traceId: string, runId?: () => string | undefined): SettleExecution {
    const startedAt = this.clock();
    this.safely('skill.started', { skill_id: skillId, status: 'running', duration_ms: 0 }, traceId);
    const durationMs = (): number => Math.round((this.clock() - startedAt) * 1000) / 1000;
    return (result) => {
      result.then(
        (answer) => {
          const data: WebhookEventData = { skill_id: skillId, status: 'completed', outputs: Object.keys(answer.outputs), duration_ms: durationMs() };
          this.safely('skill.completed', data, traceId);
          const id = runId?.();
          if (id !== undefined) this.safely('run.completed', { ...data, run_id: id }, traceId);
        },
        (error: unknown) => {
          const { code, message } = toErrorPayload(error, traceId).error;
          const data: WebhookEventData = { skill_id: skillId, status: 'failed', error: { code, message }, duration_ms: durationMs() };
          this.safely('skill.failed', data, traceId);
          const id = runId?.();
          if (id !== undefined) this.safely('run.failed', { ...data, run_id: id }, traceId);
        },
      );
    };
  }

  /** `run.failed` of a run cancelled on request, fired once by the process whose cancel won. */
  runCancelled(record: RunRecord, durationMs: number): void {
    const data: WebhookEventData = {
      skill_id: record.skill_id,
      status: 'failed',
      error: { code: 'service_unavailable', message: record.error ?? 'Run cancelled' },
      duration_ms: durationMs,
      run_id: record.run_id,
    };
    this.safely('run.failed', data, record.trace_id ?? '');
  }

  /** Event delivery must never disturb an execution. */
  private safely(event: WebhookEventName, data: WebhookEventData, traceId: string): void {
    try {
      this.publish(event, data, traceId);
    } catch {
      // The dispatcher only enqueues; nothing to report to the caller.
    }
  }
}
