/**
 * @skill-service/webhooks — webhook subscriptions and delivery: a bounded in-memory registry
 * (URLs checked by an injected port, the outbound guard), and a dispatcher that delivers events in
 * the background with bounded concurrency, signs them (`X-Webhook-Signature` and Standard Webhooks
 * headers), retries after 2 s, 4 s, 8 s and keeps failed deliveries in a replayable dead-letter
 * queue. Pure domain: HTTP is an injected port.
 */
export {
  DEFAULT_DELIVERY_CONCURRENCY,
  DEFAULT_DELIVERY_TIMEOUT_MS,
  DEFAULT_MAX_DEAD_LETTERS,
  DEFAULT_MAX_QUEUE,
  DEFAULT_RETRY_DELAYS_MS,
  WebhookDispatcher,
  type SubscriptionSource,
  type WebhookDispatcherOptions,
  type WebhookPost,
  type WebhookStats,
} from './webhook-dispatcher.js';
export { WebhookRegistry, type StoredSubscription, type WebhookRegistryOptions, type WebhookUrlCheck } from './webhook-registry.js';
export { signatureHeaders } from './webhook-signature.js';
