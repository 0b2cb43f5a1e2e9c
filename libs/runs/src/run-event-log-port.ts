/** One recorded event of a run: its engine event (or the final `done`) under a per-run id from 1. */
export interface RunEvent {
  readonly id: number;
  /** The SSE event type: an engine event type (`skill_start`, `step_start`…) or `done`. */
  readonly type: string;
  readonly data: unknown;
}

/** An event to record: its type and data, its id given by the log. */
export interface NewRunEvent {
  readonly type: string;
  readonly data: unknown;
}

/** Events a run's log keeps by default; past it only `done` is still recorded. */
export const DEFAULT_MAX_RUN_EVENTS = 10_000;

/**
 * The events of each run, in the order they happened, so a client can replay a run and follow it
 * live from any process. Ids are consecutive integers from 1 per run; a log ends at its `done`
 * (nothing is recorded after it). A log holds at most `maxEventsPerRun` events: past
 * `maxEventsPerRun - 1` engine events, further ones are not recorded, but `done` always is.
 * Rejections are `ServiceError`s (`service_unavailable` when a shared backend is unreachable).
 */
export interface RunEventLog {
  readonly maxEventsPerRun: number;
  /** Starts the empty log of a new run (its record is stored); appends to a run never opened are ignored. */
  open(runId: string): Promise<void>;
  /** Records an event; its id, or undefined when it was not recorded (no log, log full, after `done`). */
  append(runId: string, type: string, data: unknown): Promise<number | undefined>;
  /**
   * Records several events in order, all in one step (no other append to the run falls between
   * them), by the same rules as `append` applied one after another: each one's id, or undefined
   * for each one not recorded. An empty batch records nothing.
   */
  appendMany(runId: string, events: readonly NewRunEvent[]): Promise<(number | undefined)[]>;
  /**
   * The events with an id above `afterId`, oldest first. When there are none yet, waits up to
   * `waitMs` (default 0) for the next ones before answering empty.
   */
  read(runId: string, afterId: number, waitMs?: number): Promise<RunEvent[]>;
  /** Forgets a run's log (the run was evicted or removed). */
  drop(runId: string): Promise<void>;
  close(): Promise<void>;
}
