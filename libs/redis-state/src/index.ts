/**
 * @skill-service/redis-state — the Redis adapters of the service's shared state, so several
 * processes and replicas act as one deployment: async runs as BullMQ jobs with their records,
 * webhook subscriptions, delivery jobs and dead letters, and one rate-limit window per client.
 * Every key lives under the deployment's prefix. The ports are declared by the domain libraries
 * that own the state (runs, webhooks, auth); the in-memory adapters there are the embedded default.
 */
export { deleteDeploymentKeys } from './deployment-keys.js';
export { createRedisRateLimitStore, type RedisRateLimitStore, type RedisRateLimitStoreOptions } from './rate-limits/redis-rate-limit-store.js';
export { RedisIdempotencyStore } from './idempotency/redis-idempotency-store.js';
export { checkReachable, connectionOptions, prefixedKey, queueClient, requestClient } from './redis-connection.js';
export { DEFAULT_REDIS_PREFIX, redactedRedisUrl, redisSettings, type RedisSettings } from './redis-settings.js';
export { CorruptStateError } from './state-errors.js';
export { BullmqDeliveryQueue, DELIVERY_QUEUE_NAME, type BullmqDeliveryQueueOptions } from './webhooks/bullmq-delivery-queue.js';
export { RedisDeadLetterStore } from './webhooks/redis-dead-letter-store.js';
export { RedisSubscriptionStore } from './webhooks/redis-subscription-store.js';
export { createRedisWebhookState, type RedisWebhookState, type RedisWebhookStateOptions } from './webhooks/redis-webhook-state.js';
export { createRedisRunState, type RedisRunState, type RedisRunStateOptions } from './runs/create-redis-run-state.js';
export { RedisRunQueue, type RedisRunQueueClients, type RedisRunQueueOptions, type RunStateLog } from './runs/redis-run-queue.js';
export { RedisRunStore, type RunningRun } from './runs/redis-run-store.js';
export { RedisRunEventLog, type RedisRunEventLogOptions } from './runs/redis-run-event-log.js';
