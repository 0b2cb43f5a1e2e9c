import { ServiceError, sanitizeMessage } from '@skill-service/contracts';
import { RunHandedBack, RunMessages, retryWhileUnavailable, type RunJobData, type RunProcessor, type RunQueue, type RunQueueStats } from '@skill-service/runs';
import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { RedisSettings } from '../redis-settings.js';
import { RUN_QUEUE_NAME, redisRunKeys, type RedisRunKeys } from './redis-run-keys.js';
import type { RedisRunStore } from './redis-run-store.js';
import { redisFailure } from '../state-errors.js';
import { parseRunJob } from './run-job-schema.js';

/** Log lines of the run queue (the service's structured log). */
export type RunStateLog = (entry: { level: 'info' | 'warn' | 'error'; message: string }) => void;

export interface RedisRunQueueOptions {
  /** SERVICE_RUN_ATTEMPTS: times a run is started when the process executing it dies; default 1. */
  readonly attempts?: number;
  /** How long a worker's hold on a job lasts unless renewed (BullMQ's lock); default 30 s. */
  readonly lockDurationMs?: number;
  /** How often each process looks for jobs whose worker died (BullMQ's stalled check); default 30 s. */
  readonly stalledIntervalMs?: number;
  /** How often running records are checked against the queue; default 30 s (and whenever Redis is back). */
  readonly reconcileIntervalMs?: number;
  /** A running record without a job is failed once it is this old (a launch in progress has none yet); default 60 s. */
  readonly orphanGraceMs?: number;
  readonly log?: RunStateLog;
}

/**
 * The connections the queue uses: `request` (the store's) and `producer` (BullMQ's queue, owned
 * here) fail fast while Redis is away; the worker's and the subscriber's wait for it.
 */
export interface RedisRunQueueClients {
  readonly request: Redis;
  readonly producer: Redis;
  readonly worker: Redis;
  readonly subscriber: Redis;
}

// BullMQ's own reasons for failing a job whose worker died (stalled too often).
const WORKER_DIED = /stalled more than allowable limit|started more than allowable limit/;
// Attempts are counted on the run's record when a worker starts it, because BullMQ counts a stall
// whether or not the run started: a worker killed between taking a job and starting it, or a take
// whose answer was lost with Redis, leaves a stalled job that never ran. BullMQ's own count stays
// as a backstop, this many takes without a start beyond the attempts.
const TAKES_WITHOUT_START = 3;
// Handed-back runs must settle this fast once their signal aborts, or the close goes on without them.
const HAND_BACK_GRACE_MS = 10_000;
// A worker that will not close (Redis away) is forced after this long.
const WORKER_CLOSE_MS = 5_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Runs as BullMQ jobs (job id = run id) on the deployment's Redis: every process with the same
 * prefix is a worker of one queue. A process that dies mid-run leaves a job BullMQ sees as
 * stalled: another process starts it again (from its first step) up to `attempts` starts, then
 * fails it and the record says its worker died. Cancels go to every process over pub/sub. At
 * shutdown an unfinished run is handed back to the queue (moved to wait: not a used attempt).
 */
export class RedisRunQueue implements RunQueue {
  private readonly keys: RedisRunKeys;
  private readonly queue: Queue;
  private readonly attempts: number;
  private readonly executing = new Map<string, AbortController>();
  /** Runs this process executes outside the queue (streams), for their cancels. */
  private readonly held = new Map<string, AbortController>();
  private readonly idle = new Set<() => void>();
  private worker: Worker | undefined;
  private processor: RunProcessor | undefined;
  private concurrency = 0;
  private reconcileTimer: NodeJS.Timeout | undefined;
  private reconciling: Promise<void> | undefined;
  private handingBack = false;
  private closed = false;
  /** Aborted at close: stops waiting for Redis to count a start. */
  private readonly closing = new AbortController();

  constructor(
    private readonly clients: RedisRunQueueClients,
    private readonly settings: RedisSettings,
    private readonly store: RedisRunStore,
    private readonly options: RedisRunQueueOptions = {},
  ) {
    this.attempts = options.attempts ?? 1;
    if (!Number.isInteger(this.attempts) || this.attempts < 1) throw new RangeError(`RedisRunQueue: attempts must be an integer ≥ 1, got ${this.attempts}`);
    this.keys = redisRunKeys(settings);
    // The request client fails fast: an enqueue while Redis is away rejects instead of waiting.
    this.queue = new Queue(RUN_QUEUE_NAME, {
      connection: clients.producer,
      prefix: this.keys.bullPrefix,
      defaultJobOptions: {
        // Thrown errors are outcomes already recorded; only a dead worker earns another start.
        attempts: 1,
        removeOnComplete: true,
        // Kept a day so a failure whose record was not updated can still be reconciled.
        removeOnFail: { age: 24 * 3600, count: 10_000 },
      },
    });
    this.queue.on('error', (error) => this.log('warn', `run queue: ${this.describe(error)}`));
  }

  async enqueue(job: RunJobData): Promise<void> {
    if (this.closed) throw new ServiceError('service_unavailable', RunMessages.closing);
    try {
      await this.queue.add('run', job, { jobId: job.run_id });
    } catch (error) {
      throw redisFailure(error, `the job of run '${job.run_id}'`, `the prefix '${this.settings.prefix}'`);
    }
  }

  start(processor: RunProcessor, concurrency: number): void {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`RedisRunQueue: concurrency must be an integer ≥ 1, got ${concurrency}`);
    if (this.worker !== undefined) throw new Error('RedisRunQueue: already started');
    this.processor = processor;
    this.concurrency = concurrency;
    this.worker = this.newWorker(concurrency);
    // A worker whose blocking connection broke while Redis was away can stay idle once Redis is
    // back (BullMQ keeps waiting on the dead blocking call): a fresh worker on the reconnected
    // connection resumes taking jobs. The stale one is closed without waiting; a run it still
    // executes finishes (its outcome is recorded once) or, its lock lost, counts as a stall.
    let lost = false;
    this.clients.worker.on('close', () => {
      lost = true;
    });
    this.clients.worker.on('ready', () => {
      if (!lost || this.closed) return;
      lost = false;
      const stale = this.worker;
      this.worker = this.newWorker(concurrency);
      void stale?.close(true).catch(() => undefined);
    });
    this.clients.subscriber.on('message', (channel, message) => {
      if (channel === this.keys.cancelChannel) this.onCancel(message);
    });
    this.clients.subscriber.subscribe(this.keys.cancelChannel).catch((error: unknown) => this.log('warn', `run cancels: ${this.describe(error)}`));
    // Whenever Redis is back (and at start), and then now and again: no running record left without a job.
    this.clients.request.on('ready', () => void this.reconcile());
    this.reconcileTimer = setInterval(() => void this.reconcile(), this.options.reconcileIntervalMs ?? 30_000);
    this.reconcileTimer.unref();
    void this.reconcile();
  }

  private newWorker(concurrency: number): Worker {
    const worker = new Worker(RUN_QUEUE_NAME, (job, token) => this.process(job, token), {
      connection: this.clients.worker,
      prefix: this.keys.bullPrefix,
      concurrency,
      lockDuration: this.options.lockDurationMs ?? 30_000,
      stalledInterval: this.options.stalledIntervalMs ?? 30_000,
      // Starts are limited by `process`; BullMQ's stall count is the backstop.
      maxStalledCount: this.attempts - 1 + TAKES_WITHOUT_START,
    });
    worker.on('failed', (job, error) => {
      if (job?.id !== undefined) void this.abandon(job.id, this.failureMessage(error.message));
    });
    worker.on('error', (error) => this.log('warn', `run worker: ${this.describe(error)}`));
    return worker;
  }

  /** Resolves once this process's worker is connected and taking jobs (after `start`). */
  async ready(): Promise<void> {
    await this.worker?.waitUntilReady();
  }

  async cancel(runId: string, reason: string): Promise<void> {
    this.abortLocal(runId, reason);
    try {
      await this.clients.request.publish(this.keys.cancelChannel, JSON.stringify({ run_id: runId, reason }));
    } catch (error) {
      throw redisFailure(error, `the cancel of run '${runId}'`, `the prefix '${this.settings.prefix}'`);
    }
    // A job still waiting never starts; an active one is locked and stays (its process was told).
    await this.queue.remove(runId).catch(() => 0);
  }

  /**
   * A lease renewed while this process executes the run outside the queue; it lapses if the
   * process dies. Cancels of the run, published by any process, abort `canceller`.
   */
  async hold(runId: string, canceller: AbortController): Promise<() => Promise<void>> {
    const key = `${this.keys.heldPrefix}${runId}`;
    const leaseMs = this.options.lockDurationMs ?? 30_000;
    const renew = (): Promise<unknown> => this.clients.request.set(key, '1', 'PX', leaseMs);
    try {
      await renew();
    } catch (error) {
      throw redisFailure(error, `the lease of run '${runId}'`, this.settings.prefix);
    }
    const timer = setInterval(() => void renew().catch(() => undefined), Math.max(100, Math.floor(leaseMs / 3)));
    timer.unref();
    this.held.set(runId, canceller);
    return async () => {
      clearInterval(timer);
      if (this.held.get(runId) === canceller) this.held.delete(runId);
      await this.clients.request.del(key).catch(() => undefined);
    };
  }

  async stats(): Promise<RunQueueStats> {
    // Read from BullMQ's keys on the fail-fast client: asking the Queue for counts while Redis is
    // away leaves its connection unusable after Redis is back.
    const key = (type: string): string => `${this.keys.bullPrefix}:${RUN_QUEUE_NAME}:${type}`;
    try {
      const replies = (await this.clients.request.pipeline().llen(key('wait')).zcard(key('prioritized')).zcard(key('delayed')).exec()) ?? [];
      let queued = 0;
      for (const [error, count] of replies) {
        if (error !== null) throw error;
        queued += Number(count);
      }
      return { executing: this.executing.size, queued, workers: this.concurrency };
    } catch (error) {
      throw redisFailure(error, 'the run queue', `the prefix '${this.settings.prefix}'`);
    }
  }

  async close(drainMs: number): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.closing.abort();
    clearInterval(this.reconcileTimer);
    // Take no new job; the executing ones get the drain time, then go back to the queue.
    await this.worker?.pause(true).catch(() => undefined);
    await Promise.race([this.whenIdle(), sleep(Math.max(0, drainMs))]);
    this.handingBack = true;
    for (const controller of this.executing.values()) controller.abort(new RunHandedBack());
    await Promise.race([this.whenIdle(), sleep(HAND_BACK_GRACE_MS)]);
    await this.reconciling?.catch(() => undefined);
    const worker = this.worker;
    if (worker !== undefined) await Promise.race([worker.close(), sleep(WORKER_CLOSE_MS).then(() => worker.close(true))]).catch(() => undefined);
    await this.queue.close().catch(() => undefined);
    for (const client of [this.clients.subscriber, this.clients.worker, this.clients.producer]) await client.quit().catch(() => client.disconnect());
  }

  private async process(job: Job, token: string | undefined): Promise<void> {
    const processor = this.processor;
    const data = parseRunJob(job.id, job.data);
    if (processor === undefined || data === undefined) {
      if (job.id !== undefined) await this.abandon(job.id, RunMessages.queueFailed('its job data is not a run job this service wrote'));
      return;
    }
    if (this.handingBack) return this.handBack(job, token);
    const starts = await this.countStart(data.run_id);
    // Closing while Redis is away: the job stays taken until its lock lapses, then another process takes it.
    if (starts === undefined) throw new WaitingError();
    // Finished or cancelled while it waited: nothing to run. Without a record (evicted) the
    // processor decides, as it does for any job.
    if (starts === 0) return;
    if (starts !== null && starts > this.attempts) return this.abandon(data.run_id, RunMessages.workerDied(this.attempts));
    // Handing back began while the start was counted.
    if (this.handingBack) return this.handBackStarted(job, token, data.run_id);
    const controller = new AbortController();
    this.executing.set(data.run_id, controller);
    try {
      await processor.execute(data, controller.signal);
    } catch (error) {
      if (error instanceof RunHandedBack) return this.handBackStarted(job, token, data.run_id);
      throw error;
    } finally {
      this.executing.delete(data.run_id);
      if (this.executing.size === 0) for (const resolve of this.idle) resolve();
    }
  }

  /** The run's starts with this one (see TAKES_WITHOUT_START); undefined when the queue closed while Redis was away. */
  private async countStart(runId: string): Promise<number | null | undefined> {
    try {
      return await retryWhileUnavailable(() => this.store.countStart(runId), this.closing.signal);
    } catch (error) {
      if (this.closing.signal.aborted && error instanceof ServiceError && error.code === 'service_unavailable') return undefined;
      throw error;
    }
  }

  /** A started run handed back unfinished: its start is given back with the job (not a used attempt). */
  private async handBackStarted(job: Job, token: string | undefined, runId: string): Promise<never> {
    await this.store.uncountStart(runId).catch(() => undefined);
    return this.handBack(job, token);
  }

  /** Back to wait for another process; WaitingError tells BullMQ the job moved (not a failure, not an attempt). */
  private async handBack(job: Job, token: string | undefined): Promise<never> {
    await job.moveToWait(token);
    throw new WaitingError();
  }

  private whenIdle(): Promise<void> {
    if (this.executing.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        this.idle.delete(done);
        resolve();
      };
      this.idle.add(done);
    });
  }

  private onCancel(message: string): void {
    try {
      const signal = JSON.parse(message) as { run_id?: unknown; reason?: unknown };
      if (typeof signal.run_id !== 'string' || typeof signal.reason !== 'string') return;
      this.abortLocal(signal.run_id, sanitizeMessage(signal.reason));
    } catch {
      // Not a cancel this service sent: ignored.
    }
  }

  /** Aborts the run if this process executes it, as a job or held outside the queue. */
  private abortLocal(runId: string, reason: string): void {
    const error = new ServiceError('service_unavailable', reason);
    this.executing.get(runId)?.abort(error);
    this.held.get(runId)?.abort(error);
  }

  private failureMessage(reason: string): string {
    return WORKER_DIED.test(reason) ? RunMessages.workerDied(this.attempts) : RunMessages.queueFailed(sanitizeMessage(reason));
  }

  private async abandon(runId: string, error: string): Promise<void> {
    try {
      await this.processor?.abandon(runId, error);
    } catch (failure) {
      this.log('warn', `run ${runId}: its failure could not be recorded yet (${this.describe(failure)})`);
    }
  }

  /**
   * Fails the running records whose job is gone or failed (a job that failed while its record
   * could not be written, or lost with Redis's data). Waiting, delayed and active jobs are left
   * to the workers and BullMQ's stalled check. One pass at a time per process.
   */
  private reconcile(): Promise<void> {
    if (this.reconciling !== undefined || this.closed || this.processor === undefined) return this.reconciling ?? Promise.resolve();
    const pass = this.reconcilePass()
      .catch((error: unknown) => this.log('warn', `run reconciliation postponed: ${this.describe(error)}`))
      .finally(() => {
        this.reconciling = undefined;
      });
    this.reconciling = pass;
    return pass;
  }

  private async reconcilePass(): Promise<void> {
    const grace = this.options.orphanGraceMs ?? 60_000;
    for (const run of await this.store.runningRuns()) {
      if (this.closed) return;
      if (this.executing.has(run.run_id)) continue;
      if (await this.isHeld(run.run_id)) continue;
      const state = await this.queue.getJobState(run.run_id);
      if (state === 'unknown' || state === 'completed') {
        if (Number.isNaN(run.createdAtMs) || Date.now() - run.createdAtMs < grace) continue;
        await this.abandon(run.run_id, RunMessages.jobLost);
      } else if (state === 'failed') {
        const job = await this.queue.getJob(run.run_id);
        await this.abandon(run.run_id, this.failureMessage(job?.failedReason ?? 'unknown reason'));
      }
    }
  }

  private async isHeld(runId: string): Promise<boolean> {
    return (await this.clients.request.exists(`${this.keys.heldPrefix}${runId}`)) === 1;
  }

  private describe(error: unknown): string {
    return sanitizeMessage(error instanceof Error ? error.message : String(error));
  }

  private log(level: 'info' | 'warn' | 'error', message: string): void {
    this.options.log?.({ level, message });
  }
}
