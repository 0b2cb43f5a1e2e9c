import { randomUUID } from 'node:crypto';
import {
  NotFoundError,
  ServiceError,
  type DeadLetter,
  type WebhookDeliveryPayload,
  type WebhookEventData,
  type WebhookEventName,
} from '@skill-service/contracts';
import { signatureHeaders } from './webhook-signature.js';
import type { StoredSubscription } from './webhook-registry.js';
import { activeTraceContext, markSpanFailed, SPAN_ATTRIBUTES, traced, type TraceContext, type TracedSpan } from '@skill-service/util';

/** Sends one attempt; the app wires the guarded HTTP client (no redirects followed, guard re-checked). */
export type WebhookPost = (
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  options: { readonly timeoutMs: number },
) => Promise<{ readonly status: number }>;

/** Where the dispatcher finds subscriptions (the registry). */
export interface SubscriptionSource {
  matching(event: WebhookEventName): StoredSubscription[];
  get(id: string): StoredSubscription | undefined;
}

export interface WebhookDispatcherOptions {
  readonly subscriptions: SubscriptionSource;
  readonly post: WebhookPost;
  /** Waits before each retry; default 2 s, 4 s, 8 s (3 retries, 4 attempts in all). */
  readonly retryDelaysMs?: readonly number[];
  /** Per attempt; default 10 s. */
  readonly timeoutMs?: number;
  /** Attempts in flight at once; default 8. */
  readonly concurrency?: number;
  /** Deliveries waiting (queued or between retries); default 10,000. Overflow is dead-lettered. */
  readonly maxQueue?: number;
  /** Dead letters kept, oldest dropped first; default 500. */
  readonly maxDeadLetters?: number;
  /** Epoch milliseconds. */
  readonly now?: () => number;
  readonly newId?: () => string;
}

export interface WebhookStats {
  readonly subscriptions_matched: number;
  readonly queued: number;
  readonly in_flight: number;
  readonly retrying: number;
  readonly delivered: number;
  readonly failed_attempts: number;
  readonly dead_lettered: number;
  readonly overflowed: number;
  /** Dead letters pushed out of the bounded list by newer ones: counted, no longer replayable. */
  readonly dead_letters_dropped: number;
  readonly dead_letters: number;
}

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [2_000, 4_000, 8_000];
export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
export const DEFAULT_DELIVERY_CONCURRENCY = 8;
export const DEFAULT_MAX_QUEUE = 10_000;
export const DEFAULT_MAX_DEAD_LETTERS = 500;

interface Delivery {
  readonly id: string;
  /** Where the event happened (a run's span): every attempt's span is its child, whenever it runs. */
  readonly trace: TraceContext;
  readonly subscription: StoredSubscription;
  readonly payload: WebhookDeliveryPayload;
  readonly body: string;
  attempts: number;
  lastError: string;
}

/**
 * Background webhook delivery: `publish` enqueues one delivery per matching active subscription
 * and returns at once; workers (bounded concurrency) POST them through the injected port, signed
 * when the subscription has a secret, retrying failures (non-2xx, 3xx included, or a thrown error)
 * after the configured delays; a delivery failing every attempt becomes a dead letter, which can
 * be replayed. Every attempt of one delivery carries the same `webhook-id`.
 */
export class WebhookDispatcher {
  private readonly queue: Delivery[] = [];
  private readonly retryTimers = new Map<Delivery, NodeJS.Timeout>();
  private readonly active = new Set<Promise<void>>();
  private readonly deadLetters = new Map<string, DeadLetter>();
  private readonly retryDelaysMs: readonly number[];
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private readonly maxQueue: number;
  private readonly maxDeadLetters: number;
  private readonly now: () => number;
  private readonly newId: () => string;
  private closed = false;
  private counters = { subscriptions_matched: 0, delivered: 0, failed_attempts: 0, dead_lettered: 0, overflowed: 0, dead_letters_dropped: 0 };

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
    this.concurrency = options.concurrency ?? DEFAULT_DELIVERY_CONCURRENCY;
    this.maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
    this.maxDeadLetters = options.maxDeadLetters ?? DEFAULT_MAX_DEAD_LETTERS;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUUID;
  }

  /** Enqueues the event for every matching active subscription; returns how many were enqueued. */
  publish(event: WebhookEventName, data: WebhookEventData, traceId: string): number {
    if (this.closed) return 0;
    const subscriptions = this.options.subscriptions.matching(event);
    if (subscriptions.length === 0) return 0;
    const payload: WebhookDeliveryPayload = { event, data, timestamp: this.now() / 1000, trace_id: traceId };
    const body = JSON.stringify(payload);
    this.counters.subscriptions_matched += subscriptions.length;
    for (const subscription of subscriptions) this.enqueue({ id: this.newId(), trace: activeTraceContext(), subscription, payload, body, attempts: 0, lastError: '' });
    this.pump();
    return subscriptions.length;
  }

  /** Dead letters, oldest first. */
  listDeadLetters(): DeadLetter[] {
    return [...this.deadLetters.values()];
  }

  /**
   * Re-queues one dead letter to its subscription (its current URL and secret); the dead letter is
   * removed, and comes back (with a new id) if every attempt fails again.
   */
  replay(deadLetterId: string): { replayed: string } {
    const letter = this.deadLetters.get(deadLetterId);
    if (letter === undefined) throw new NotFoundError(`Dead letter '${deadLetterId}' not found`);
    const subscription = this.options.subscriptions.get(letter.subscription_id);
    if (subscription === undefined) {
      throw new NotFoundError(`Webhook subscription '${letter.subscription_id}' of dead letter '${deadLetterId}' no longer exists`);
    }
    if (this.closed) throw new ServiceError('service_unavailable', 'Webhook delivery is shutting down');
    if (this.waiting() >= this.maxQueue) throw new ServiceError('service_unavailable', 'The webhook delivery queue is full; retry later');
    this.deadLetters.delete(deadLetterId);
    this.enqueue({ id: this.newId(), trace: activeTraceContext(), subscription, payload: letter.payload, body: JSON.stringify(letter.payload), attempts: 0, lastError: '' });
    this.pump();
    return { replayed: deadLetterId };
  }

  stats(): WebhookStats {
    return {
      ...this.counters,
      queued: this.queue.length,
      in_flight: this.active.size,
      retrying: this.retryTimers.size,
      dead_letters: this.deadLetters.size,
    };
  }

  /**
   * Stops accepting events, drops queued deliveries and pending retries, and waits up to
   * `graceMs` for the attempts in flight.
   */
  async close(graceMs = 5_000): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    this.retryTimers.clear();
    if (this.active.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.active]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }

  private waiting(): number {
    return this.queue.length + this.retryTimers.size;
  }

  private enqueue(delivery: Delivery): void {
    if (this.waiting() >= this.maxQueue) {
      this.counters.overflowed += 1;
      delivery.lastError = `delivery queue full (${this.maxQueue} waiting)`;
      this.deadLetter(delivery);
      return;
    }
    this.queue.push(delivery);
  }

  private pump(): void {
    while (!this.closed && this.active.size < this.concurrency) {
      const delivery = this.queue.shift();
      if (delivery === undefined) return;
      const running: Promise<void> = this.attempt(delivery).finally(() => {
        this.active.delete(running);
        this.pump();
      });
      this.active.add(running);
    }
  }

  private attempt(delivery: Delivery): Promise<void> {
    const attributes = {
      [SPAN_ATTRIBUTES.webhookEvent]: delivery.payload.event,
      [SPAN_ATTRIBUTES.webhookId]: delivery.id,
      [SPAN_ATTRIBUTES.attempt]: delivery.attempts + 1,
    };
    return traced(`webhook.deliver ${delivery.payload.event}`, { parent: delivery.trace, attributes }, (span) => this.deliver(delivery, span));
  }

  private async deliver(delivery: Delivery, span: TracedSpan): Promise<void> {
    delivery.attempts += 1;
    const timestamp = Math.floor(this.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      ...(delivery.subscription.secret === undefined ? {} : signatureHeaders(delivery.subscription.secret, delivery.id, timestamp, delivery.body)),
    };
    let failure: string | undefined;
    try {
      const { status } = await this.options.post(delivery.subscription.url, delivery.body, headers, { timeoutMs: this.timeoutMs });
      if (status < 200 || status > 299) failure = `HTTP ${status}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (failure === undefined) {
      this.counters.delivered += 1;
      return;
    }
    this.counters.failed_attempts += 1;
    markSpanFailed(span, 'delivery_failed');
    delivery.lastError = failure;
    const delay = this.retryDelaysMs[delivery.attempts - 1];
    if (delay === undefined || this.closed) {
      this.deadLetter(delivery);
      return;
    }
    const timer = setTimeout(() => {
      this.retryTimers.delete(delivery);
      this.queue.push(delivery);
      this.pump();
    }, delay);
    timer.unref();
    this.retryTimers.set(delivery, timer);
  }

  private deadLetter(delivery: Delivery): void {
    this.counters.dead_lettered += 1;
    this.deadLetters.set(delivery.id, {
      id: delivery.id,
      subscription_id: delivery.subscription.id,
      url: delivery.subscription.url,
      event: delivery.payload.event,
      attempts: delivery.attempts,
      last_error: delivery.lastError,
      failed_at: new Date(this.now()).toISOString(),
      payload: delivery.payload,
    });
    while (this.deadLetters.size > this.maxDeadLetters) {
      const oldest = this.deadLetters.keys().next();
      if (oldest.done === true) break;
      this.deadLetters.delete(oldest.value);
      this.counters.dead_letters_dropped += 1;
    }
  }
}
