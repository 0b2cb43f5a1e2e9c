import type { Redis } from 'ioredis';
import { ServiceError } from '@skill-service/contracts';
import { DEFAULT_MAX_DEAD_LETTERS, type WebhookState } from '@skill-service/webhooks';
import { checkReachable, queueClient, requestClient } from '../redis-connection.js';
import { redactedRedisUrl, type RedisSettings } from '../redis-settings.js';
import { BullmqDeliveryQueue } from './bullmq-delivery-queue.js';
import { RedisDeadLetterStore } from './redis-dead-letter-store.js';
import { RedisSubscriptionStore } from './redis-subscription-store.js';

export interface RedisWebhookStateOptions {
  /** Waits before each retry; default 2 s, 4 s, 8 s (4 attempts in all). */
  readonly retryDelaysMs?: readonly number[];
  /** Deliveries this process attempts at once; default 8. */
  readonly concurrency?: number;
  /** Dead letters kept for the deployment, oldest dropped first; default 500. */
  readonly maxDeadLetters?: number;
  /** How long a worker's claim on a delivery lasts unless renewed; default 30 s (see BullmqDeliveryQueueOptions). */
  readonly lockDurationMs?: number;
  /** Told of connection, worker and unreadable-job errors (they never throw). */
  readonly onError?: (what: string, error: unknown) => void;
}

/** The Redis webhook state, with the dead letters dropped so far readable for reports. */
export interface RedisWebhookState extends WebhookState {
  readonly deadLetters: RedisDeadLetterStore;
  close(): Promise<void>;
}

function connect(client: Redis, what: string, onError: RedisWebhookStateOptions['onError']): Promise<void> {
  // An 'error' event without a listener would crash the process; ioredis reconnects by itself.
  client.on('error', (error) => onError?.(`Redis connection (${what})`, error));
  return client.connect();
}

/**
 * Subscriptions, the delivery queue (BullMQ) and dead letters on Redis under the settings' prefix,
 * shared by every process using the same URL and prefix. Resolves once connected; rejects (after
 * closing what it opened) when Redis cannot be reached. Request-path operations fail fast with
 * `service_unavailable` while Redis is away; the worker waits for it and resumes.
 */
export async function createRedisWebhookState(settings: RedisSettings, options: RedisWebhookStateOptions = {}): Promise<RedisWebhookState> {
  // One clear line, fast, when Redis is not there (a client's own connect would keep retrying).
  await checkReachable(settings);
  const store = requestClient(settings);
  const producer = requestClient(settings);
  const consumer = queueClient(settings);
  const clients = [store, producer, consumer];
  try {
    await Promise.all([connect(store, 'webhook state', options.onError), connect(producer, 'webhook queue', options.onError), connect(consumer, 'webhook worker', options.onError)]);
  } catch (error) {
    for (const client of clients) client.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new ServiceError('service_unavailable', `Redis at ${redactedRedisUrl(settings.url)} is unreachable: ${reason}`, { cause: error });
  }
  const deliveries = new BullmqDeliveryQueue(producer, consumer, settings, {
    ...(options.retryDelaysMs === undefined ? {} : { retryDelaysMs: options.retryDelaysMs }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.lockDurationMs === undefined ? {} : { lockDurationMs: options.lockDurationMs }),
    ...(options.onError === undefined ? {} : { onError: options.onError }),
  });
  return {
    subscriptions: new RedisSubscriptionStore(store, settings),
    deliveries,
    deadLetters: new RedisDeadLetterStore(store, settings, options.maxDeadLetters ?? DEFAULT_MAX_DEAD_LETTERS),
    async close() {
      await deliveries.close(0);
      for (const client of clients) client.disconnect();
    },
  };
}
