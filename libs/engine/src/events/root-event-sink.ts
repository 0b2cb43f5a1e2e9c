import type { EngineEventType, StreamEvent } from '@skill-service/contracts';
import type { EventSink } from './event-sink.js';

/**
 * Builds, records and delivers the events of a top-level run. The subscriber is called
 * synchronously, in order; anything it throws (or a promise it rejects) is swallowed, because a
 * broken listener must not break the run.
 */
export class RootEventSink implements EventSink {
  private readonly recorded: StreamEvent[] = [];
  private closed = false;
  // Most events of a run fall in the same millisecond: its ISO text is built once.
  private stampedMs = Number.NaN;
  private stamp = '';

  constructor(
    private readonly traceId: string,
    private readonly now: () => Date,
    private readonly subscriber: ((event: StreamEvent) => void) | undefined,
  ) {}

  get events(): readonly StreamEvent[] {
    return this.recorded;
  }

  emit(type: EngineEventType, stepId: string | null, message: string, data: Record<string, unknown>): void {
    if (this.closed) return;
    const event: StreamEvent = { type, message, timestamp: this.timestamp(), step_id: stepId, trace_id: this.traceId, data };
    this.recorded.push(event);
    if (this.subscriber === undefined) return;
    try {
      const returned: unknown = this.subscriber(event);
      if (returned instanceof Promise) returned.catch(() => undefined);
    } catch {
      // Deliberately ignored: see the class comment.
    }
  }

  private timestamp(): string {
    const now = this.now();
    const ms = now.getTime();
    if (ms !== this.stampedMs) {
      this.stampedMs = ms;
      this.stamp = now.toISOString();
    }
    return this.stamp;
  }

  close(): void {
    this.closed = true;
  }
}
