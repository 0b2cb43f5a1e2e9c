import type { EngineEventType, StreamEvent } from '@skill-service/contracts';

/** Where a run reports its progress. A closed sink drops every later event. */
export interface EventSink {
  emit(type: EngineEventType, stepId: string | null, message: string, data: Record<string, unknown>): void;
  /** Called when the run fails or is cancelled: steps still being aborted must not report anything. */
  close(): void;
  /** Every event of the root run so far, nested ones included. */
  readonly events: readonly StreamEvent[];
}
