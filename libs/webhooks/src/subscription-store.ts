import type { WebhookEventName } from '@skill-service/contracts';

/** A subscription as kept, secret included (never answered). */
export interface StoredSubscription {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly active: boolean;
  readonly secret?: string;
}

/**
 * Where subscriptions are kept (port): the in-memory map of one process, or a store shared by
 * every process of a deployment. Failures to reach the store reject with a typed
 * `service_unavailable` error; unreadable stored values with a typed error, never a crash.
 */
export interface SubscriptionStore {
  /**
   * Stores the subscription unless `max` are already stored, the count checked atomically with
   * the write (two processes creating at once never exceed it). Resolves false when full.
   */
  add(subscription: StoredSubscription, max: number): Promise<boolean>;
  /** Every subscription in creation order. */
  list(): Promise<StoredSubscription[]>;
  get(id: string): Promise<StoredSubscription | undefined>;
  /** Resolves false when there was no such subscription. */
  delete(id: string): Promise<boolean>;
  count(): Promise<number>;
  /** Active subscriptions receiving `event` (named or `*`), in creation order. */
  matching(event: WebhookEventName): Promise<StoredSubscription[]>;
}

/** Whether a subscription receives `event`. */
export function receives(subscription: StoredSubscription, event: WebhookEventName): boolean {
  return subscription.active && (subscription.events.includes(event) || subscription.events.includes('*'));
}
