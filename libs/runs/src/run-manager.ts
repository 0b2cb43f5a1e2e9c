import { randomUUID } from 'node:crypto';
import {
  InvalidRequestError,
  NotFoundError,
  ServiceError,
  toErrorPayload,
  type ExecutionResult,
  type RunLaunch,
  type RunRecord,
  type StreamEvent,
} from '@skill-service/contracts';
import { MemoryRunEventLog } from './memory-run-event-log.js';
import { MemoryRunQueue } from './memory-run-queue.js';
import { MemoryRunStore } from './memory-run-store.js';
import type { RunHandler, RunJobData, RunRequest } from './run-job.js';
import { RunMessages } from './run-messages.js';
import { retryWhileUnavailable } from './retry-while-unavailable.js';
import { RunHandedBack, type RunProcessor, type RunState } from './run-queue-port.js';
import { DEFAULT_MAX_RUN_RESULT_BYTES, runResultBytes } from './run-result-size.js';
import type { RunOutcome } from './run-store-port.js';
import type { RunEvent, RunEventLog } from './run-event-log-port.js';
import { RunEvents, type RunDone } from './run-events.js';

export interface RunManagerOptions {
  /** Runs executing at once in this process (SERVICE_ASYNC_WORKERS); the others wait, still `running`. */
  readonly workers: number;
  /** Executes one run's skill from its job data. */
  readonly handler: RunHandler;
  /** Store and queue; default in memory, capped at `maxRuns`. */
  readonly state?: RunState;
  /** Records kept by the default in-memory store (SERVICE_MAX_RUNS); the oldest are evicted first. */
  readonly maxRuns?: number;
  /** Largest result stored (SERVICE_MAX_RUN_RESULT_BYTES); a larger one fails the run. Default 1 MiB. */
  readonly maxResultBytes?: number;
  readonly now?: () => Date;
  readonly newId?: () => string;
}

/** What deep health reports about the runs; `null` where the store could not be read. */
export interface RunStats {
  /** Records stored (the whole deployment's with a shared store). */
  readonly stored: number | null;
  readonly capacity: number;
  readonly running: number | null;
  readonly executing: number | null;
  readonly queued: number | null;
  readonly workers: number;
  readonly closed: boolean;
  /** Why the figures are missing (the store or queue unreachable). */
  readonly error?: string;
}

/** A run this process executes itself (see `RunManager.track`). */
export interface TrackedRun {
  readonly run_id: string;
  /** Aborts when the run is cancelled (`RunManager.cancel`, from any process sharing the state). */
  readonly signal: AbortSignal;
  /** Records an engine event in the run's log. */
  readonly record: (event: StreamEvent) => void;
  /**
   * Stores the outcome once `result` settles, then the run's `done`: the result, or `failure(error)`
   * (the synchronous error answer). Never rejects for the execution's own failure.
   */
  readonly settle: (result: Promise<ExecutionResult>, failure: (error: unknown) => unknown) => Promise<void>;
}

export const DEFAULT_RUN_LIST_LIMIT = 100;
export const MAX_RUN_LIST_LIMIT = 1000;
const DEFAULT_MAX_RUNS = 100;

// After the drain time, how long an outcome may still wait for the store before the manager closes.
const FINISH_GRACE_MS = 2000;

const messageOf = (error: unknown): string => toErrorPayload(error, null).error.message;

/**
 * Async runs: `launch` stores a `running` record and queues its job (plain data); a worker takes
 * it, runs the handler and completes or fails the record. Composes a run store and a run queue
 * (in memory by default, shared by a deployment with another adapter). Validation belongs to the
 * caller: launch only after the skill and inputs are known to be good.
 */
export class RunManager {
  private readonly state: RunState;
  private readonly workers: number;
  private readonly handler: RunHandler;
  private readonly maxResultBytes: number;
  private readonly now: () => Date;
  private readonly newId: () => string;
  /** Aborted at close: stops retrying outcomes the store would not take. */
  private readonly closing = new AbortController();
  private closed = false;
  private readonly events: RunEventLog;
  private readonly runEvents: RunEvents;

  constructor(options: RunManagerOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1) {
      throw new RangeError(`RunManager: workers must be an integer ≥ 1, got ${options.workers}`);
    }
    this.workers = options.workers;
    this.handler = options.handler;
    this.state = options.state ?? { store: new MemoryRunStore(options.maxRuns ?? DEFAULT_MAX_RUNS), queue: new MemoryRunQueue() };
    this.maxResultBytes = options.maxResultBytes ?? DEFAULT_MAX_RUN_RESULT_BYTES;
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? randomUUID;
    this.events = this.state.events ?? new MemoryRunEventLog(this.state.store.capacity);
    this.runEvents = new RunEvents(this.events, this.state.store, (operation) => this.whileUnreachable(operation));
    this.state.queue.start(this.processor(), this.workers);
  }

  /**
   * Stores the record, then queues the job: answered only once both are stored. A store or queue
   * that is unreachable rejects with `service_unavailable` and no run is left behind.
   */
  async launch(request: RunRequest): Promise<RunLaunch> {
    if (this.closed) throw new ServiceError('service_unavailable', RunMessages.closing);
    const { launched_by: launchedBy, ...data } = request;
    const job: RunJobData = { ...data, run_id: this.newId() };
    const evicted = await this.state.store.create(
      {
        run_id: job.run_id,
        skill_id: job.skill_id,
        status: 'running',
        trace_id: job.trace_id,
        created_at: this.now().toISOString(),
        finished_at: null,
        result: null,
        error: null,
      },
      launchedBy,
    );
    for (const record of evicted) {
      if (record.status === 'running') void this.state.queue.cancel(record.run_id, RunMessages.evicted).catch(() => undefined);
    }
    this.dropEvicted(evicted);
    try {
      await this.events.open(job.run_id);
      await this.state.queue.enqueue(job);
    } catch (error) {
      await this.state.store.remove(job.run_id).catch(() => undefined);
      await this.events.drop(job.run_id).catch(() => undefined);
      throw error;
    }
    return { run_id: job.run_id, skill_id: job.skill_id, status: 'running', trace_id: job.trace_id };
  }

  /** The run's record; 404 when it never existed or was evicted. */
  async get(runId: string): Promise<RunRecord> {
    const record = await this.state.store.get(runId);
    if (record === undefined) throw new NotFoundError(`Run '${runId}' not found`);
    return record;
  }

  /** Whether the run is stored; rejects like `get` when the store cannot say (503), never 404s. */
  async has(runId: string): Promise<boolean> {
    return (await this.state.store.get(runId)) !== undefined;
  }

  /** The most recent runs first; `limit` is an integer from 1 to 1000 (400 otherwise). */
  async list(limit: number = DEFAULT_RUN_LIST_LIMIT): Promise<RunRecord[]> {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RUN_LIST_LIMIT) {
      throw new InvalidRequestError(`limit must be an integer from 1 to ${MAX_RUN_LIST_LIMIT}`, {
        details: [{ path: 'limit', message: `must be an integer from 1 to ${MAX_RUN_LIST_LIMIT}` }],
      });
    }
    return this.state.store.list(limit);
  }

  /** Never rejects: an unreachable store or queue is reported in `error`. */
  async stats(): Promise<RunStats> {
    const [counts, queue] = await Promise.allSettled([this.state.store.count(), this.state.queue.stats()]);
    const failure = [counts, queue].find((settled) => settled.status === 'rejected');
    return {
      stored: counts.status === 'fulfilled' ? counts.value.stored : null,
      capacity: this.state.store.capacity,
      running: counts.status === 'fulfilled' ? counts.value.running : null,
      executing: queue.status === 'fulfilled' ? queue.value.executing : null,
      queued: queue.status === 'fulfilled' ? queue.value.queued : null,
      workers: this.workers,
      closed: this.closed,
      ...(failure === undefined ? {} : { error: messageOf(failure.reason) }),
    };
  }

  /**
   * Refuses new runs; executing runs get `drainMs` to finish (then the queue cancels them or hands
   * them to another process), and the store and queue are released.
   */
  async close(drainMs = 0): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // An outcome still waiting for an unreachable store is given up shortly after the drain time.
    const giveUp = setTimeout(() => this.closing.abort(), Math.max(0, drainMs) + FINISH_GRACE_MS);
    try {
      await this.state.queue.close(drainMs);
    } finally {
      clearTimeout(giveUp);
      this.closing.abort();
      await this.state.store.close();
      await this.events.close().catch(() => undefined);
    }
  }

  private processor(): RunProcessor {
    return {
      execute: (job, signal) => this.execute(job, signal),
      abandon: async (runId, error) => {
        await this.finish(runId, { status: 'failed', error, finished_at: this.now().toISOString() });
        await this.runEvents.done(runId, undefined).catch(() => undefined);
      },
    };
  }

  private async execute(job: RunJobData, signal: AbortSignal): Promise<void> {
    // Evicted, or finished by an earlier attempt whose job was taken again: nothing to do.
    const record = await this.whileUnreachable(() => this.state.store.get(job.run_id));
    if (record?.status !== 'running') return;
    let outcome: RunOutcome;
    let done: RunDone;
    const recorder = this.runEvents.recorder(job.run_id);
    try {
      // A run evicted or cancelled while it waited for a worker never starts.
      if (signal.aborted) throw signal.reason;
      const result = await this.handler(job, signal, recorder.record);
      const bytes = runResultBytes(result);
      outcome =
        bytes > this.maxResultBytes
          ? { status: 'failed', error: RunMessages.resultTooLarge(bytes, this.maxResultBytes), finished_at: this.now().toISOString() }
          : { status: 'completed', result, finished_at: this.now().toISOString() };
      done = { outcome, data: outcome.status === 'completed' ? result : RunEvents.failure(outcome.error, job.trace_id) };
    } catch (error) {
      if (signal.aborted && signal.reason instanceof RunHandedBack) throw signal.reason;
      // The same message the synchronous answer would carry: it names the failed step, never a path.
      outcome = { status: 'failed', error: messageOf(error), finished_at: this.now().toISOString() };
      done = { outcome, data: toErrorPayload(error, job.trace_id) };
    }
    // The last events wait for the outcome to be stored and go in one append with the done.
    recorder.hold();
    const stored = await this.finish(job.run_id, outcome);
    await this.runEvents.done(job.run_id, done, stored, recorder).catch(() => undefined);
  }

  /**
   * Records an execution this process runs itself (a stream) as a run: a `running` record and an
   * event log, held alive against a shared queue's lost-run checks while it executes; its `signal`
   * aborts when the run is cancelled. `settle` stores the outcome and the `done` carrying `done`'s
   * answer. 503 when the state is unreachable.
   */
  async track(run: { readonly skill_id: string; readonly trace_id: string }): Promise<TrackedRun> {
    if (this.closed) throw new ServiceError('service_unavailable', RunMessages.closing);
    const runId = this.newId();
    const evicted = await this.state.store.create({
      run_id: runId,
      skill_id: run.skill_id,
      status: 'running',
      trace_id: run.trace_id,
      created_at: this.now().toISOString(),
      finished_at: null,
      result: null,
      error: null,
    });
    for (const record of evicted) {
      if (record.status === 'running') void this.state.queue.cancel(record.run_id, RunMessages.evicted).catch(() => undefined);
    }
    this.dropEvicted(evicted);
    let release: () => Promise<void> = async () => undefined;
    const canceller = new AbortController();
    try {
      await this.events.open(runId);
      if (this.state.queue.hold !== undefined) release = await this.state.queue.hold(runId, canceller);
    } catch (error) {
      await this.state.store.remove(runId).catch(() => undefined);
      await this.events.drop(runId).catch(() => undefined);
      throw error;
    }
    const recorder = this.runEvents.recorder(runId);
    return {
      run_id: runId,
      signal: canceller.signal,
      record: recorder.record,
      settle: async (result, failure) => {
        let done: RunDone;
        try {
          const value = await result;
          const bytes = runResultBytes(value);
          const outcome: RunOutcome =
            bytes > this.maxResultBytes
              ? { status: 'failed', error: RunMessages.resultTooLarge(bytes, this.maxResultBytes), finished_at: this.now().toISOString() }
              : { status: 'completed', result: value, finished_at: this.now().toISOString() };
          done = { outcome, data: value };
        } catch (error) {
          done = { outcome: { status: 'failed', error: messageOf(error), finished_at: this.now().toISOString() }, data: failure(error) };
        }
        recorder.hold();
        try {
          const stored = await this.finish(runId, done.outcome);
          await this.runEvents.done(runId, done, stored, recorder);
        } finally {
          await release().catch(() => undefined);
        }
      },
    };
  }

  /**
   * The run's recorded events after `afterId`, then its new ones as they come, ending after `done`
   * (or when the client's `signal` aborts). 404 for an unknown run, 400 for an `afterId` beyond
   * the last event of a finished run (checked before anything is answered).
   */
  followEvents(runId: string, afterId: number, signal?: AbortSignal): Promise<AsyncIterable<RunEvent>> {
    if (!Number.isSafeInteger(afterId) || afterId < 0) {
      throw new InvalidRequestError('Last-Event-ID must be a non-negative integer', {
        details: [{ path: 'last_event_id', message: 'must be a non-negative integer' }],
      });
    }
    return this.runEvents.follow(runId, afterId, signal);
  }

  /** Evicted records take their event logs with them. */
  private dropEvicted(evicted: readonly RunRecord[]): void {
    for (const record of evicted) void this.events.drop(record.run_id).catch(() => undefined);
  }

  /**
   * Stores an outcome, offering it again while the store is unreachable (until close); true when
   * this call stored it (false too when an attempt whose answer was lost stored it).
   */
  private finish(runId: string, outcome: RunOutcome): Promise<boolean> {
    return this.whileUnreachable(() => this.state.store.finish(runId, outcome));
  }

  /** Runs a store operation, trying again while the store is unreachable (until close). */
  private whileUnreachable<T>(operation: () => Promise<T>): Promise<T> {
    return retryWhileUnavailable(operation, this.closing.signal);
  }

  /**
   * Cancels a running run wherever it is: its record fails with `Run cancelled` first (the store's
   * first-outcome-wins write, so of two cancels racing, from any processes, exactly one wins), then
   * the queue is told: a waiting job never starts, an executing one sees its signal abort. 404 for
   * an unknown run, 403 when `mayCancel` refuses its launcher, 409 `run_finished` once it is
   * finished (a second cancel included). Answers the failed record.
   */
  async cancel(runId: string, mayCancel: (launchedBy: string | undefined) => boolean = () => true): Promise<RunRecord> {
    const record = await this.get(runId);
    if (!mayCancel(await this.state.store.launcher(runId))) {
      throw new ServiceError('forbidden', `Run '${runId}' was launched by another subject; only an operator may cancel it`);
    }
    const finishedAt = this.now().toISOString();
    const won = record.status === 'running' && (await this.state.store.finish(runId, { status: 'failed', error: RunMessages.cancelled, finished_at: finishedAt }));
    if (!won) {
      const current = record.status === 'running' ? ((await this.state.store.get(runId)) ?? record) : record;
      throw new ServiceError('run_finished', `Run '${runId}' is already finished (${current.status}); it cannot be cancelled`);
    }
    // The record already says cancelled: a worker taking the job from now on skips it.
    try {
      await this.state.queue.cancel(runId, RunMessages.cancelled);
    } catch {
      // The cancel stands (its record is written): the executing process is told again, in the
      // background, until the queue takes the signal (or the manager closes).
      void this.whileUnreachable(() => this.state.queue.cancel(runId, RunMessages.cancelled)).catch(() => undefined);
    }
    return { ...record, status: 'failed', finished_at: finishedAt, result: null, error: RunMessages.cancelled };
  }
}
