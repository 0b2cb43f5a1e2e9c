/**
 * @skill-service/webhooks — webhook subscriptions and delivery: a bounded registry (URLs checked
 * by an injected port, the outbound guard), and a dispatcher that delivers events in the
 * background, signs them (`X-Webhook-Signature` and Standard Webhooks headers), retries after 2 s,
 * 4 s, 8 s and keeps failed deliveries in a replayable dead-letter store. The state sits behind
 * three ports (subscription store, delivery queue, dead-letter store) with in-memory adapters
 * here; shared adapters live elsewhere. Pure domain: HTTP is an injected port.
 */
export type { DeadLetterStore } from './dead-letter-store.js';
export { DEFAULT_RETRY_DELAYS_MS, type DeliveryQueue, type DeliveryQueueStats, type DeliveryWork, type QueuedDelivery } from './delivery-queue.js';
export { DEFAULT_MAX_DEAD_LETTERS, InMemoryDeadLetterStore } from './in-memory-dead-letter-store.js';
export { DEFAULT_DELIVERY_CONCURRENCY, DEFAULT_MAX_QUEUE, InMemoryDeliveryQueue, type InMemoryDeliveryQueueOptions } from './in-memory-delivery-queue.js';
export { InMemorySubscriptionStore } from './in-memory-subscription-store.js';
export { receives, type StoredSubscription, type SubscriptionStore } from './subscription-store.js';
export {
  DEFAULT_DELIVERY_TIMEOUT_MS,
  WebhookDispatcher,
  type SubscriptionSource,
  type WebhookDispatcherOptions,
  type WebhookPost,
  type WebhookStats,
} from './webhook-dispatcher.js';
export { WebhookRegistry, type WebhookRegistryOptions, type WebhookUrlCheck } from './webhook-registry.js';
export { signatureHeaders } from './webhook-signature.js';
export { inMemoryWebhookState, type InMemoryWebhookStateOptions, type WebhookState } from './webhook-state.js';
