import type { DeadLetterStore } from './dead-letter-store.js';
import type { DeliveryQueue } from './delivery-queue.js';
import { DEFAULT_MAX_DEAD_LETTERS, InMemoryDeadLetterStore } from './in-memory-dead-letter-store.js';
import { InMemoryDeliveryQueue, type InMemoryDeliveryQueueOptions } from './in-memory-delivery-queue.js';
import { InMemorySubscriptionStore } from './in-memory-subscription-store.js';
import type { SubscriptionStore } from './subscription-store.js';

/** The three ports of webhook state, served together by one backend. */
export interface WebhookState {
  readonly subscriptions: SubscriptionStore;
  readonly deliveries: DeliveryQueue;
  readonly deadLetters: DeadLetterStore;
  /** Releases the backend's connections; called once the dispatcher is closed. */
  close?(): Promise<void>;
}

export interface InMemoryWebhookStateOptions extends InMemoryDeliveryQueueOptions {
  /** Dead letters kept, oldest dropped first; default 500. */
  readonly maxDeadLetters?: number;
}

/** The embedded default: everything in this process's memory, lost on restart. */
export function inMemoryWebhookState(options: InMemoryWebhookStateOptions = {}): WebhookState {
  return {
    subscriptions: new InMemorySubscriptionStore(),
    deliveries: new InMemoryDeliveryQueue(options),
    deadLetters: new InMemoryDeadLetterStore(options.maxDeadLetters ?? DEFAULT_MAX_DEAD_LETTERS),
  };
}
