import { randomUUID } from 'node:crypto';
import {
  InvalidRequestError,
  NotFoundError,
  ServiceError,
  toErrorPayload,
  type ExecutionResult,
  type RunLaunch,
  type RunRecord,
} from '@skill-service/contracts';
import { RunStore, type StoredRun } from './run-store.js';
import PQueue from 'p-queue';

/** The work of one run; it must settle promptly once `signal` aborts (eviction, shutdown). */
export type RunJob = (signal: AbortSignal) => Promise<ExecutionResult>;

export interface RunManagerOptions {
  /** Runs executing at once (SERVICE_ASYNC_WORKERS); the others wait, still `running`. */
  readonly workers: number;
  /** Runs kept in memory (SERVICE_MAX_RUNS); the oldest are evicted first. */
  readonly maxRuns: number;
  readonly now?: () => Date;
  readonly newId?: () => string;
}

/** What deep health reports about the runs. */
export interface RunStats {
  readonly stored: number;
  readonly capacity: number;
  readonly running: number;
  readonly executing: number;
  readonly queued: number;
  readonly workers: number;
  readonly closed: boolean;
}

export const DEFAULT_RUN_LIST_LIMIT = 100;
export const MAX_RUN_LIST_LIMIT = 1000;

/**
 * Async runs: `launch` stores a `running` record and queues its job on a bounded worker pool
 * (separate from the engine's step concurrency); the job's outcome completes or fails the record.
 * Validation belongs to the caller: launch only after the skill and inputs are known to be good.
 */
export class RunManager {
  private readonly store: RunStore;
  /** The async worker pool (SERVICE_ASYNC_WORKERS), separate from each run's step concurrency. */
  private readonly pool: PQueue;
  private readonly now: () => Date;
  private readonly newId: () => string;
  private readonly settling = new Set<Promise<void>>();
  private closed = false;

  constructor(options: RunManagerOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1) {
      throw new RangeError(`RunManager: workers must be an integer ≥ 1, got ${options.workers}`);
    }
    this.pool = new PQueue({ concurrency: options.workers });
    this.store = new RunStore(options.maxRuns, (run) => run.controller.abort(new ServiceError('service_unavailable', 'Run evicted')));
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? randomUUID;
  }

  launch(skillId: string, traceId: string, job: RunJob): RunLaunch {
    if (this.closed) throw new ServiceError('service_unavailable', 'The service is shutting down; no new runs are accepted');
    const run: StoredRun = {
      record: {
        run_id: this.newId(),
        skill_id: skillId,
        status: 'running',
        trace_id: traceId,
        created_at: this.now().toISOString(),
        finished_at: null,
        result: null,
        error: null,
      },
      controller: new AbortController(),
    };
    this.store.add(run);
    const settled = this.pool.add(() => this.execute(run, job)).finally(() => this.settling.delete(settled));
    this.settling.add(settled);
    return { run_id: run.record.run_id, skill_id: skillId, status: 'running', trace_id: traceId };
  }

  /** The run's record; 404 when it never existed or was evicted. */
  get(runId: string): RunRecord {
    const run = this.store.get(runId);
    if (run === undefined) throw new NotFoundError(`Run '${runId}' not found`);
    return { ...run.record };
  }

  /** The most recent runs first; `limit` is an integer from 1 to 1000 (400 otherwise). */
  list(limit: number = DEFAULT_RUN_LIST_LIMIT): RunRecord[] {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RUN_LIST_LIMIT) {
      throw new InvalidRequestError(`limit must be an integer from 1 to ${MAX_RUN_LIST_LIMIT}`, {
        details: [{ path: 'limit', message: `must be an integer from 1 to ${MAX_RUN_LIST_LIMIT}` }],
      });
    }
    return this.store.newestFirst(limit).map((run) => ({ ...run.record }));
  }

  stats(): RunStats {
    return {
      stored: this.store.size,
      capacity: this.store.capacity,
      running: this.store.all().filter((run) => run.record.status === 'running').length,
      executing: this.pool.pending,
      queued: this.pool.size,
      workers: this.pool.concurrency,
      closed: this.closed,
    };
  }

  /** Refuses new runs, cancels every unfinished one and waits until their jobs have settled. */
  async close(): Promise<void> {
    this.closed = true;
    for (const run of this.store.all()) {
      if (run.record.status === 'running') run.controller.abort(new ServiceError('service_unavailable', 'Run cancelled: the service is shutting down'));
    }
    await Promise.allSettled([...this.settling]);
  }

  private async execute(run: StoredRun, job: RunJob): Promise<void> {
    const { signal } = run.controller;
    try {
      // A run evicted or cancelled while it waited for a worker never starts.
      if (signal.aborted) throw signal.reason;
      this.finish(run, { status: 'completed', result: await job(signal), error: null });
    } catch (error) {
      // The same message the synchronous answer would carry: it names the failed step, never a path.
      this.finish(run, { status: 'failed', result: null, error: toErrorPayload(error, null).error.message });
    }
  }

  private finish(run: StoredRun, outcome: Pick<RunRecord, 'status' | 'result' | 'error'>): void {
    if (!this.store.holds(run)) return;
    Object.assign(run.record, outcome, { finished_at: this.now().toISOString() });
  }
}
