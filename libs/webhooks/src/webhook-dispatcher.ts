import { randomUUID } from 'node:crypto';
import {
  NotFoundError,
  ServiceError,
  isServiceError,
  type DeadLetter,
  type WebhookDeliveryPayload,
  type WebhookEventData,
  type WebhookEventName,
} from '@skill-service/contracts';
import type { DeadLetterStore } from './dead-letter-store.js';
import type { DeliveryQueue, QueuedDelivery } from './delivery-queue.js';
import { DEFAULT_MAX_DEAD_LETTERS, InMemoryDeadLetterStore } from './in-memory-dead-letter-store.js';
import { InMemoryDeliveryQueue } from './in-memory-delivery-queue.js';
import { signatureHeaders } from './webhook-signature.js';
import type { StoredSubscription } from './subscription-store.js';
import { SPAN_ATTRIBUTES, extractCarrier, injectCarrier, markSpanFailed, traced } from '@skill-service/util';

/**
 * Sends one attempt; the app wires the guarded HTTP client (no redirects followed, guard re-checked).
 * `signal` aborts when the attempt's time is up.
 */
export type WebhookPost = (
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  options: { readonly timeoutMs: number; readonly signal?: AbortSignal },
) => Promise<{ readonly status: number }>;

/** Where the dispatcher finds subscriptions (the registry). */
export interface SubscriptionSource {
  matching(event: WebhookEventName): Promise<StoredSubscription[]>;
  get(id: string): Promise<StoredSubscription | undefined>;
}

export interface WebhookDispatcherOptions {
  readonly subscriptions: SubscriptionSource;
  readonly post: WebhookPost;
  /** Where deliveries wait and are retried; default an in-memory queue built from the options below. */
  readonly queue?: DeliveryQueue;
  /** Where exhausted deliveries are kept; default in memory, bounded by `maxDeadLetters`. */
  readonly deadLetters?: DeadLetterStore;
  /** In-memory queue: waits before each retry; default 2 s, 4 s, 8 s (3 retries, 4 attempts in all). */
  readonly retryDelaysMs?: readonly number[];
  /** Per attempt; default 10 s. A receiver that hangs is given up on then, whatever the transport does. */
  readonly timeoutMs?: number;
  /** In-memory queue: attempts in flight at once; default 8. */
  readonly concurrency?: number;
  /** In-memory queue: deliveries waiting (queued or between retries); default 10,000. Overflow is dead-lettered. */
  readonly maxQueue?: number;
  /** In-memory dead letters kept, oldest dropped first; default 500. */
  readonly maxDeadLetters?: number;
  /** Epoch milliseconds. */
  readonly now?: () => number;
  readonly newId?: () => string;
  /** Told when an event could not be queued or a dead letter not kept (the store unreachable). */
  readonly onError?: (what: string, error: unknown) => void;
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
  /** Events that could not be queued because the subscription or queue store was unreachable: lost. */
  readonly events_lost: number;
}

export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
/** Events lost while the stores are unreachable are reported (`onError`) at most this often. */
const LOST_REPORT_INTERVAL_MS = 10_000;


function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Background webhook delivery over three ports (subscriptions, the delivery queue, dead letters):
 * `publish` enqueues one delivery per matching active subscription, each with its own stable
 * `webhook-id`, and never throws; the queue's workers POST them through the injected port, signed
 * when the subscription has a secret; a failure (non-2xx, 3xx included, a thrown error or the
 * attempt timeout) is retried by the queue's backoff; a delivery failing every attempt becomes a
 * dead letter, which can be replayed with its original `webhook-id`. Counters are this process's.
 */
export class WebhookDispatcher {
  private readonly queue: DeliveryQueue;
  private readonly deadLetters: DeadLetterStore;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly newId: () => string;
  private closed = false;
  private knownDeadLetters = 0;
  private lostReportedAt = Number.NEGATIVE_INFINITY;
  private lostUnreported = 0;
  private counters = { subscriptions_matched: 0, delivered: 0, failed_attempts: 0, dead_lettered: 0, dead_letters_dropped: 0, events_lost: 0 };

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUUID;
    this.deadLetters = options.deadLetters ?? new InMemoryDeadLetterStore(options.maxDeadLetters ?? DEFAULT_MAX_DEAD_LETTERS);
    this.queue =
      options.queue ??
      new InMemoryDeliveryQueue({
        ...(options.retryDelaysMs === undefined ? {} : { retryDelaysMs: options.retryDelaysMs }),
        ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
        ...(options.maxQueue === undefined ? {} : { maxQueue: options.maxQueue }),
      });
    this.queue.start({
      attempt: (delivery, attempt) => this.attempt(delivery, attempt),
      exhausted: (delivery, attempts, lastError) => this.deadLetter(delivery, attempts, lastError),
    });
  }

  /**
   * Enqueues the event for every matching active subscription; resolves to how many were
   * enqueued. Never rejects: when the stores cannot be reached the event is counted as lost
   * (`events_lost`) and reported to `onError`, and the execution that fired it goes on.
   */
  async publish(event: WebhookEventName, data: WebhookEventData, traceId: string): Promise<number> {
    if (this.closed) return 0;
    const payload: WebhookDeliveryPayload = { event, data, timestamp: this.now() / 1000, trace_id: traceId };
    try {
      const subscriptions = await this.options.subscriptions.matching(event);
      if (subscriptions.length === 0) return 0;
      this.counters.subscriptions_matched += subscriptions.length;
      const carrier = injectCarrier();
      const trace = Object.keys(carrier).length === 0 ? {} : { trace_carrier: carrier };
      await this.queue.enqueue(
        subscriptions.map((subscription) => ({
          id: this.newId(),
          subscription: { id: subscription.id, url: subscription.url, ...(subscription.secret === undefined ? {} : { secret: subscription.secret }) },
          payload,
          ...trace,
        })),
      );
      return subscriptions.length;
    } catch (error) {
      this.counters.events_lost += 1;
      this.reportLost(event, error);
      return 0;
    }
  }

  /** At most one report per interval, however many executions fire events during an outage. */
  private reportLost(event: WebhookEventName, error: unknown): void {
    const now = this.now();
    if (now - this.lostReportedAt < LOST_REPORT_INTERVAL_MS) {
      this.lostUnreported += 1;
      return;
    }
    const others = this.lostUnreported;
    this.lostReportedAt = now;
    this.lostUnreported = 0;
    this.options.onError?.(`webhook event ${event} could not be queued${others === 0 ? '' : ` (and ${others} more since the last report)`}`, error);
  }

  /** Dead letters, oldest first. */
  async listDeadLetters(): Promise<DeadLetter[]> {
    const letters = await this.deadLetters.list();
    this.knownDeadLetters = letters.length;
    return letters;
  }

  /**
   * Re-queues one dead letter to its subscription (its current URL and secret) with its original
   * `webhook-id`, so a receiver that did get an earlier attempt can tell it is the same delivery.
   * The letter leaves the store (of two concurrent replays, one gets 404) and comes back, same
   * id, if every attempt fails again.
   */
  async replay(deadLetterId: string): Promise<{ replayed: string }> {
    const letter = await this.deadLetters.get(deadLetterId);
    if (letter === undefined) throw new NotFoundError(`Dead letter '${deadLetterId}' not found`);
    const subscription = await this.options.subscriptions.get(letter.subscription_id);
    if (subscription === undefined) {
      throw new NotFoundError(`Webhook subscription '${letter.subscription_id}' of dead letter '${deadLetterId}' no longer exists`);
    }
    if (this.closed) throw new ServiceError('service_unavailable', 'Webhook delivery is shutting down');
    const taken = await this.deadLetters.take(deadLetterId);
    if (taken === undefined) throw new NotFoundError(`Dead letter '${deadLetterId}' not found`);
    const delivery: QueuedDelivery = {
      id: taken.id,
      subscription: { id: subscription.id, url: subscription.url, ...(subscription.secret === undefined ? {} : { secret: subscription.secret }) },
      payload: taken.payload,
      replay: true,
    };
    try {
      await this.queue.enqueue([delivery]);
    } catch (error) {
      // Put back, so a replay refused while the queue is unreachable can be tried again.
      await this.deadLetters.add(taken).catch(() => undefined);
      if (isServiceError(error)) throw error;
      throw new ServiceError('service_unavailable', `The webhook delivery queue is unavailable; retry later (${messageOf(error)})`, { cause: error });
    }
    this.knownDeadLetters = Math.max(0, this.knownDeadLetters - 1);
    return { replayed: deadLetterId };
  }

  /** This process's counters; `dead_letters` is the count last seen in the store. */
  stats(): WebhookStats {
    return { ...this.counters, ...this.queue.stats(), dead_letters: this.knownDeadLetters };
  }

  /** Like `stats`, with the dead letters counted in the store now. */
  async currentStats(): Promise<WebhookStats> {
    this.knownDeadLetters = await this.deadLetters.count();
    return this.stats();
  }

  /**
   * Stops accepting events and waits up to `graceMs` for the attempts in flight (an in-memory
   * queue drops what is still waiting; a shared queue keeps it for the other processes).
   */
  async close(graceMs = 5_000): Promise<void> {
    this.closed = true;
    await this.queue.close(graceMs);
  }

  /** One attempt in its span, a child of where the event happened (carried with the delivery). */
  private attempt(delivery: QueuedDelivery, attempt: number): Promise<string | undefined> {
    const attributes = {
      [SPAN_ATTRIBUTES.webhookEvent]: delivery.payload.event,
      [SPAN_ATTRIBUTES.webhookId]: delivery.id,
      [SPAN_ATTRIBUTES.attempt]: attempt,
    };
    return traced(`webhook.deliver ${delivery.payload.event}`, { parent: extractCarrier(delivery.trace_carrier), attributes }, async (span) => {
      const failure = await this.send(delivery);
      if (failure !== undefined) markSpanFailed(span, 'delivery_failed');
      return failure;
    });
  }

  private async send(delivery: QueuedDelivery): Promise<string | undefined> {
    const timestamp = Math.floor(this.now() / 1000);
    const body = JSON.stringify(delivery.payload);
    const { secret } = delivery.subscription;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      ...(secret === undefined ? {} : signatureHeaders(secret, delivery.id, timestamp, body)),
    };
    let failure: string | undefined;
    try {
      const { status } = await this.withTimeout((signal) => this.options.post(delivery.subscription.url, body, headers, { timeoutMs: this.timeoutMs, signal }));
      if (status < 200 || status > 299) failure = `HTTP ${status}`;
    } catch (error) {
      failure = messageOf(error);
    }
    if (failure === undefined) {
      this.counters.delivered += 1;
      return undefined;
    }
    this.counters.failed_attempts += 1;
    return failure;
  }

  /** The attempt's own deadline: a transport that ignores its timeout still frees the worker then. */
  private async withTimeout<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`Webhook receiver did not answer within ${this.timeoutMs} ms`);
        controller.abort(error);
        reject(error);
      }, this.timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([send(controller.signal), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async deadLetter(delivery: QueuedDelivery, attempts: number, lastError: string): Promise<void> {
    const letter: DeadLetter = {
      id: delivery.id,
      subscription_id: delivery.subscription.id,
      url: delivery.subscription.url,
      event: delivery.payload.event,
      attempts,
      last_error: lastError,
      failed_at: new Date(this.now()).toISOString(),
      payload: delivery.payload,
    };
    try {
      const dropped = await this.deadLetters.add(letter);
      this.counters.dead_letters_dropped += dropped;
      this.counters.dead_lettered += 1;
      this.knownDeadLetters = Math.max(0, this.knownDeadLetters + 1 - dropped);
    } catch (error) {
      this.options.onError?.(`dead letter ${delivery.id} could not be kept`, error);
      throw error;
    }
  }
}
