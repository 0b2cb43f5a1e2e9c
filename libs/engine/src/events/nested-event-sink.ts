import type { EngineEventType, StreamEvent } from '@skill-service/contracts';
import type { EventSink } from './event-sink.js';

/**
 * The sink of a nested skill run: its step events go to the parent's stream with the step id
 * prefixed by the parent step (`summarize/clean`). The child's skill_start and skill_completed are
 * not forwarded: the parent step's own start and completion frame them.
 */
export class NestedEventSink implements EventSink {
  private closed = false;

  constructor(
    private readonly parent: EventSink,
    private readonly parentStepId: string,
  ) {}

  get events(): readonly StreamEvent[] {
    return this.parent.events;
  }

  emit(type: EngineEventType, stepId: string | null, message: string, data: Record<string, unknown>): void {
    // Skill-level events (the only ones without a step) stay inside the child.
    if (this.closed || stepId === null) return;
    this.parent.emit(type, `${this.parentStepId}/${stepId}`, message, data);
  }

  close(): void {
    this.closed = true;
  }
}
