import type { WebhookDeliveryPayload } from '@skill-service/contracts';

/** One delivery of one event to one subscription, as queued: everything an attempt needs. */
export interface QueuedDelivery {
  /** The `webhook-id`: the same on every attempt and on a replay, so receivers de-duplicate on it. */
  readonly id: string;
  /** The subscription as it was when the event fired (a later edit or deletion does not reroute it). */
  readonly subscription: { readonly id: string; readonly url: string; readonly secret?: string };
  readonly payload: WebhookDeliveryPayload;
  /** A dead letter queued again (same id): a queue that keys jobs by id must not mistake it for the failed one. */
  readonly replay?: boolean;
  /** The trace context (W3C) where the event happened: every attempt's span is its child, in whichever process it runs. */
  readonly trace_carrier?: Readonly<Record<string, string>>;
}

/** What a queue's workers do with a delivery; given by the dispatcher when it starts the queue. */
export interface DeliveryWork {
  /**
   * One attempt (1-based): signs and posts, bounded by the attempt timeout. Resolves to undefined
   * when delivered, else to why it failed; never rejects.
   */
  attempt(delivery: QueuedDelivery, attempt: number): Promise<string | undefined>;
  /** Every attempt failed (or the queue could not take it): keep it as a dead letter. */
  exhausted(delivery: QueuedDelivery, attempts: number, lastError: string): Promise<void>;
}

export interface DeliveryQueueStats {
  /** Waiting for a worker (this process's view). */
  readonly queued: number;
  readonly in_flight: number;
  /** Failed at least once, waiting for the backoff before the next attempt. */
  readonly retrying: number;
  /** Refused because the queue was full (dead-lettered at once). */
  readonly overflowed: number;
}

/**
 * The delivery queue (port): holds deliveries until a worker attempts them, retries a failed
 * attempt after its own backoff (2, 4 and 8 s by default: four attempts in all), and hands a
 * delivery that failed every attempt to `exhausted`. In memory the workers are this process's;
 * on a shared queue any process's worker takes a delivery, exactly one of them.
 */
export interface DeliveryQueue {
  /** Starts the workers; called once, by the dispatcher. */
  start(work: DeliveryWork): void;
  /** Resolves once every delivery is accepted (persisted, for a shared queue). */
  enqueue(deliveries: readonly QueuedDelivery[]): Promise<void>;
  stats(): DeliveryQueueStats;
  /** Stops taking deliveries and waits up to `graceMs` for the attempts in flight. */
  close(graceMs: number): Promise<void>;
}

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [2_000, 4_000, 8_000];
