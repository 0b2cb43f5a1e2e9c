import type { ExecutionResult, RunRecord } from '@skill-service/contracts';

/** How a run ended, as its record keeps it. */
export type RunOutcome =
  | { readonly status: 'completed'; readonly result: ExecutionResult; readonly finished_at: string }
  | { readonly status: 'failed'; readonly error: string; readonly finished_at: string };

/** Figures of the stored runs (the whole deployment's when the store is shared). */
export interface RunCounts {
  readonly stored: number;
  readonly running: number;
}

/**
 * Where run records live: in this process's memory, or shared by every process of a deployment.
 * Every method may reject with a `ServiceError` (`service_unavailable` when the backing store is
 * unreachable, `internal_error` for a value the store cannot read back); none throws anything else.
 */
export interface RunStore {
  /** Most records kept (SERVICE_MAX_RUNS, for the whole deployment). */
  readonly capacity: number;
  /**
   * Stores a new `running` record, then evicts the oldest records (by creation) beyond the
   * capacity; answers the evicted records as they were, so unfinished ones can be cancelled.
   * `launchedBy` (the launching subject) is kept beside the record, never in it.
   */
  create(record: RunRecord, launchedBy?: string): Promise<RunRecord[]>;
  get(runId: string): Promise<RunRecord | undefined>;
  /** At most `limit` records, the most recently created first. */
  list(limit: number): Promise<RunRecord[]>;
  /**
   * Records the outcome of a `running` record; false (and nothing changed) when the run is no
   * longer stored or already finished — the first outcome wins.
   */
  finish(runId: string, outcome: RunOutcome): Promise<boolean>;
  /** Forgets a record (a launch whose job could not be queued). */
  remove(runId: string): Promise<void>;
  count(): Promise<RunCounts>;
  close(): Promise<void>;
  /** The subject that launched a stored run; undefined when unknown (not stored, or launched anonymously). */
  launcher(runId: string): Promise<string | undefined>;
}
