import type { RunEventLog } from './run-event-log-port.js';
import type { RunJobData } from './run-job.js';
import type { RunStore } from './run-store-port.js';

/** What a queue calls with the jobs it takes; the run manager implements it over its store. */
export interface RunProcessor {
  /**
   * Executes one job to its end, its record included. Rejects with the signal's `RunHandedBack`
   * reason when the run was interrupted to go back to the queue (its record is left `running`).
   */
  execute(job: RunJobData, signal: AbortSignal): Promise<void>;
  /** The queue gave up on a run without executing it to its end (e.g. its worker died): fail its record. */
  abandon(runId: string, error: string): Promise<void>;
}

/** The queue's figures: `executing` and `workers` are this process's, `queued` the whole queue's. */
export interface RunQueueStats {
  readonly executing: number;
  readonly queued: number;
  readonly workers: number;
}

/**
 * Where launched runs wait for a worker and are executed: a worker pool in this process, or a
 * queue every process of a deployment takes jobs from. Rejections are `ServiceError`s
 * (`service_unavailable` when the backing queue is unreachable).
 */
export interface RunQueue {
  /** Stores the job; resolves only once it is queued (durably, for a shared queue). */
  enqueue(job: RunJobData): Promise<void>;
  /** Starts taking jobs, at most `concurrency` at once in this process. Called once. */
  start(processor: RunProcessor, concurrency: number): void;
  /**
   * Cancels a run wherever it is: a waiting job never starts, an executing one sees its signal
   * abort with a `service_unavailable` error carrying `reason`.
   */
  cancel(runId: string, reason: string): Promise<void>;
  stats(): Promise<RunQueueStats>;
  /**
   * Stops taking jobs; executing runs get `drainMs` to finish. Past it, a local queue cancels them
   * (their records fail) and a shared one hands them back to the queue for another process.
   */
  close(drainMs: number): Promise<void>;
  /**
   * Marks a run executing in this process outside the queue (a stream recorded as a run) as alive,
   * for as long as it executes, so a shared queue's checks do not fail it as lost; resolves to the
   * release. A process that dies stops renewing it, and the run is then failed as lost. A `cancel`
   * of the run, from any process, aborts `canceller` with the same error an executing job gets.
   */
  hold?(runId: string, canceller: AbortController): Promise<() => Promise<void>>;
}

/** Abort reason of a run handed back to a shared queue at shutdown: another process executes it again. */
export class RunHandedBack extends Error {
  constructor() {
    super('Run handed back to the queue: this process is shutting down');
    this.name = 'RunHandedBack';
  }
}

/** The two ports of the run state, as an adapter provides them together. */
export interface RunState {
  readonly store: RunStore;
  readonly queue: RunQueue;
  /** The runs' event logs; default in this process's memory. */
  readonly events?: RunEventLog;
}
