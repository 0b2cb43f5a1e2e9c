/**
 * @skill-service/redis-state — the Redis adapters of the service's shared state, so several
 * processes and replicas act as one deployment: async runs as BullMQ jobs with their records,
 * webhook subscriptions, delivery jobs and dead letters, and one rate-limit window per client.
 * Every key lives under the deployment's prefix. The ports are declared by the domain libraries
 * that own the state (runs, webhooks, auth); the in-memory adapters there are the embedded default.
 */
export { checkReachable, connectionOptions, prefixedKey, queueClient, requestClient } from './redis-connection.js';
export { DEFAULT_REDIS_PREFIX, redactedRedisUrl, redisSettings, type RedisSettings } from './redis-settings.js';
export { createRedisRunState, type RedisRunState, type RedisRunStateOptions } from './runs/create-redis-run-state.js';
export { RedisRunQueue, type RedisRunQueueClients, type RedisRunQueueOptions, type RunStateLog } from './runs/redis-run-queue.js';
export { RedisRunStore, type RunningRun } from './runs/redis-run-store.js';
