import { DEFAULT_RETRY_DELAYS_MS, type DeliveryQueue, type DeliveryQueueStats, type DeliveryWork, type QueuedDelivery } from './delivery-queue.js';

export const DEFAULT_DELIVERY_CONCURRENCY = 8;
export const DEFAULT_MAX_QUEUE = 10_000;

export interface InMemoryDeliveryQueueOptions {
  /** Waits before each retry; default 2 s, 4 s, 8 s (3 retries, 4 attempts in all). */
  readonly retryDelaysMs?: readonly number[];
  /** Attempts in flight at once; default 8. */
  readonly concurrency?: number;
  /** Deliveries waiting (queued or between retries); default 10,000. Overflow is dead-lettered. */
  readonly maxQueue?: number;
}

interface Pending {
  readonly delivery: QueuedDelivery;
  attempts: number;
}

/**
 * The delivery queue of one process (the embedded default): bounded concurrency, retries on
 * timers, overflow past `maxQueue` dead-lettered at once. Deliveries waiting when the process
 * stops are lost.
 */
export class InMemoryDeliveryQueue implements DeliveryQueue {
  readonly #queue: Pending[] = [];
  readonly #retryTimers = new Map<Pending, NodeJS.Timeout>();
  readonly #active = new Set<Promise<void>>();
  readonly #retryDelaysMs: readonly number[];
  readonly #concurrency: number;
  readonly #maxQueue: number;
  #work: DeliveryWork | undefined;
  #closed = false;
  #overflowed = 0;

  constructor(options: InMemoryDeliveryQueueOptions = {}) {
    this.#retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.#concurrency = options.concurrency ?? DEFAULT_DELIVERY_CONCURRENCY;
    this.#maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
  }

  start(work: DeliveryWork): void {
    this.#work = work;
    this.#pump();
  }

  async enqueue(deliveries: readonly QueuedDelivery[]): Promise<void> {
    if (this.#closed) return;
    const refused: Promise<void>[] = [];
    for (const delivery of deliveries) {
      if (this.#waiting() >= this.#maxQueue) {
        this.#overflowed += 1;
        refused.push(this.#exhausted(delivery, 0, `delivery queue full (${this.#maxQueue} waiting)`));
        continue;
      }
      this.#queue.push({ delivery, attempts: 0 });
    }
    this.#pump();
    await Promise.all(refused);
  }

  stats(): DeliveryQueueStats {
    return { queued: this.#queue.length, in_flight: this.#active.size, retrying: this.#retryTimers.size, overflowed: this.#overflowed };
  }

  /** Drops queued deliveries and pending retries, and waits up to `graceMs` for the attempts in flight. */
  async close(graceMs: number): Promise<void> {
    this.#closed = true;
    this.#queue.length = 0;
    for (const timer of this.#retryTimers.values()) clearTimeout(timer);
    this.#retryTimers.clear();
    if (this.#active.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.#active]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }

  #waiting(): number {
    return this.#queue.length + this.#retryTimers.size;
  }

  #pump(): void {
    const work = this.#work;
    if (work === undefined) return;
    while (!this.#closed && this.#active.size < this.#concurrency) {
      const pending = this.#queue.shift();
      if (pending === undefined) return;
      const running: Promise<void> = this.#attempt(work, pending).finally(() => {
        this.#active.delete(running);
        this.#pump();
      });
      this.#active.add(running);
    }
  }

  async #attempt(work: DeliveryWork, pending: Pending): Promise<void> {
    pending.attempts += 1;
    const failure = await work.attempt(pending.delivery, pending.attempts);
    if (failure === undefined) return;
    const delay = this.#retryDelaysMs[pending.attempts - 1];
    if (delay === undefined || this.#closed) {
      await this.#exhausted(pending.delivery, pending.attempts, failure);
      return;
    }
    const timer = setTimeout(() => {
      this.#retryTimers.delete(pending);
      this.#queue.push(pending);
      this.#pump();
    }, delay);
    timer.unref();
    this.#retryTimers.set(pending, timer);
  }

  async #exhausted(delivery: QueuedDelivery, attempts: number, lastError: string): Promise<void> {
    // The work's dead-letter store is in memory too; a failure there must not break the queue.
    await this.#work?.exhausted(delivery, attempts, lastError).catch(() => undefined);
  }
}
