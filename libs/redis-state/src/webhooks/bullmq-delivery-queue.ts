import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { WebhookDeliveryPayload } from '@skill-service/contracts';
import { DEFAULT_RETRY_DELAYS_MS, type DeliveryQueue, type DeliveryQueueStats, type DeliveryWork, type QueuedDelivery } from '@skill-service/webhooks';
import { z } from 'zod';
import type { RedisSettings } from '../redis-settings.js';
import { stateCall } from '../state-errors.js';

export const DELIVERY_QUEUE_NAME = 'webhook-deliveries';
const BACKOFF_TYPE = 'webhook-delays';
const DEFAULT_CONCURRENCY = 8;
/** Waiting/delayed counts are read from Redis at most this often, for `stats`. */
const COUNTS_REFRESH_MS = 1_000;

const DEFAULT_LOCK_DURATION_MS = 30_000;
const UNREADABLE_JOB = 'unreadable delivery job';
const DEAD_LETTER_RETRY_MS = 1_000;

const QueuedDeliverySchema = z.object({
  id: z.string().min(1),
  subscription: z.object({ id: z.string(), url: z.string(), secret: z.string().optional() }),
  payload: WebhookDeliveryPayload,
  replay: z.boolean().optional(),
  trace_carrier: z.record(z.string(), z.string()).optional(),
});

function deliveryOf(data: z.infer<typeof QueuedDeliverySchema>): QueuedDelivery {
  const { secret, ...subscription } = data.subscription;
  return {
    id: data.id,
    subscription: { ...subscription, ...(secret === undefined ? {} : { secret }) },
    payload: data.payload,
    ...(data.trace_carrier === undefined ? {} : { trace_carrier: data.trace_carrier }),
  };
}

export interface BullmqDeliveryQueueOptions {
  /** Waits before each retry; default 2 s, 4 s, 8 s (4 attempts in all). */
  readonly retryDelaysMs?: readonly number[];
  /** Jobs this process's worker runs at once; default 8. */
  readonly concurrency?: number;
  /**
   * How long a worker's claim on a delivery lasts unless renewed (default 30 s): a process that dies
   * while delivering gives the delivery back to the others after about this long.
   */
  readonly lockDurationMs?: number;
  /** Told of worker and queue errors (Redis lost, an unreadable job); they never throw. */
  readonly onError?: (what: string, error: unknown) => void;
}

/**
 * The delivery queue on BullMQ: one job per delivery, its id the delivery's `webhook-id` (a
 * replay adds a suffix, since the failed job it replays may still be being removed), attempts and
 * backoff (2, 4, 8 s by a custom strategy) kept by BullMQ. Every process runs a worker; a job is
 * taken by exactly one of them, and one whose worker died is taken again (BullMQ's stalled-job
 * check). The last failed attempt writes the dead letter before the job fails, so a crash in
 * between repeats the attempt rather than losing the letter. Jobs leave Redis once settled.
 */
export class BullmqDeliveryQueue implements DeliveryQueue {
  readonly #queue: Queue;
  readonly #attempts: number;
  readonly #retryDelaysMs: readonly number[];
  #worker: Worker | undefined;
  #closing = false;
  #closed: Promise<void> | undefined;
  #inFlight = 0;
  #counts = { queued: 0, retrying: 0 };
  #countsAt = Number.NEGATIVE_INFINITY;
  #replays = 0;

  constructor(
    queueConnection: Redis,
    private readonly workerConnection: Redis,
    private readonly settings: RedisSettings,
    private readonly options: BullmqDeliveryQueueOptions = {},
  ) {
    this.#retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.#attempts = this.#retryDelaysMs.length + 1;
    this.#queue = new Queue(DELIVERY_QUEUE_NAME, {
      connection: queueConnection,
      prefix: settings.prefix,
      defaultJobOptions: { attempts: this.#attempts, backoff: { type: BACKOFF_TYPE }, removeOnComplete: true, removeOnFail: true },
    });
    this.#queue.on('error', (error) => this.#report('webhook delivery queue error', error));
  }

  start(work: DeliveryWork): void {
    if (this.#worker !== undefined) return;
    this.#worker = this.#newWorker(work);
    // A worker whose blocking connection broke while Redis was away can stay idle after Redis is
    // back; a fresh worker once the connection is ready again is the reliable way to resume.
    let lost = false;
    this.workerConnection.on('close', () => {
      lost = true;
    });
    this.workerConnection.on('ready', () => {
      if (!lost || this.#closing) return;
      lost = false;
      const stale = this.#worker;
      this.#worker = this.#newWorker(work);
      // Its attempts in flight finish or, lock lost, are taken again (same webhook-id).
      void stale?.close(true).catch(() => undefined);
    });
  }

  #newWorker(work: DeliveryWork): Worker {
    const delays = this.#retryDelaysMs;
    const lockDuration = this.options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS;
    const worker = new Worker(DELIVERY_QUEUE_NAME, (job) => this.#process(work, job), {
      connection: this.workerConnection,
      prefix: this.settings.prefix,
      concurrency: this.options.concurrency ?? DEFAULT_CONCURRENCY,
      lockDuration,
      stalledInterval: lockDuration,
      // A delivery whose worker died is taken again, as often as it may be attempted.
      maxStalledCount: this.#attempts,
      settings: { backoffStrategy: (attemptsMade) => delays[attemptsMade - 1] ?? delays.at(-1) ?? 0 },
    });
    worker.on('error', (error) => this.#report('webhook delivery worker error', error));
    // Failed by BullMQ itself (its workers died too often), not by an attempt: keep it as a dead letter.
    worker.on('failed', (job, error) => {
      if (job === undefined || error.message === UNREADABLE_JOB) return;
      if (!(error instanceof UnrecoverableError) && error.name !== 'UnrecoverableError') return;
      const parsed = QueuedDeliverySchema.safeParse(job.data);
      if (!parsed.success) return;
      work.exhausted(deliveryOf(parsed.data), job.attemptsMade, `delivery abandoned: ${error.message}`).catch((failure: unknown) => {
        this.#report(`dead letter ${parsed.data.id} could not be kept`, failure);
      });
    });
    return worker;
  }

  async enqueue(deliveries: readonly QueuedDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await stateCall('the webhook delivery queue', `${this.settings.prefix}:${DELIVERY_QUEUE_NAME}`, () =>
      this.#queue.addBulk(
        deliveries.map((delivery) => ({
          name: delivery.payload.event,
          data: delivery,
          opts: { jobId: delivery.replay === true ? `${delivery.id}-replay-${Date.now()}-${++this.#replays}` : delivery.id },
        })),
      ),
    );
  }

  stats(): DeliveryQueueStats {
    this.#refreshCounts();
    return { queued: this.#counts.queued, in_flight: this.#inFlight, retrying: this.#counts.retrying, overflowed: 0 };
  }

  /**
   * Stops this process's worker: jobs in flight get `graceMs` (0: none), then are left to finish
   * or time out in the background; waiting jobs stay in Redis for the other processes.
   */
  async close(graceMs: number): Promise<void> {
    if (this.#closed === undefined) {
      this.#closing = true;
      const worker = this.#worker;
      // BullMQ keeps the first close it is asked for: decide force now, not after the grace.
      this.#closed = Promise.allSettled([worker?.close(graceMs <= 0), this.#queue.close()]).then(() => undefined);
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.#closed,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, Math.max(0, graceMs));
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }

  async #process(work: DeliveryWork, job: Job): Promise<void> {
    const parsed = QueuedDeliverySchema.safeParse(job.data);
    if (!parsed.success) {
      // Not a delivery this service queued: failed at once, never retried.
      this.#report(`webhook delivery job '${String(job.id)}' is unreadable`, parsed.error);
      throw new UnrecoverableError(UNREADABLE_JOB);
    }
    const delivery = deliveryOf(parsed.data);
    const attempt = job.attemptsMade + 1;
    this.#inFlight += 1;
    try {
      const failure = await work.attempt(delivery, attempt);
      if (failure === undefined) return;
      if (attempt >= this.#attempts) await this.#keepDeadLetter(() => work.exhausted(delivery, attempt, failure));
      throw new Error(failure);
    } finally {
      this.#inFlight -= 1;
    }
  }

  /**
   * Writes the dead letter before the job may fail (a failed job leaves Redis). While Redis refuses
   * it, it is retried each second: if the claim on the job lapses meanwhile, another worker takes
   * the job again and writes the same letter (same id, replaced in place), so it is never lost.
   */
  async #keepDeadLetter(write: () => Promise<void>): Promise<void> {
    for (let tries = 0; ; tries += 1) {
      try {
        await write();
        return;
      } catch (error) {
        if (this.#closing) throw error;
        if (tries === 0) this.#report('a dead letter could not be kept yet; retrying', error);
        await new Promise((resolve) => setTimeout(resolve, DEAD_LETTER_RETRY_MS));
      }
    }
  }

  #refreshCounts(): void {
    const now = Date.now();
    if (now - this.#countsAt < COUNTS_REFRESH_MS) return;
    this.#countsAt = now;
    this.#queue.getJobCounts('wait', 'delayed').then(
      (counts) => {
        this.#counts = { queued: counts['wait'] ?? 0, retrying: counts['delayed'] ?? 0 };
      },
      () => undefined,
    );
  }

  #report(what: string, error: unknown): void {
    try {
      this.options.onError?.(what, error);
    } catch {
      // A reporting failure must not become a worker failure.
    }
  }
}
