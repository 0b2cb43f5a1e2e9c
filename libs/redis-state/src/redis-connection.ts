import { Redis, type RedisOptions } from 'ioredis';
import { ServiceError } from '@skill-service/contracts';
import { redactedRedisUrl, type RedisSettings } from './redis-settings.js';

/**
 * Connection options every client of the state shares. BullMQ requires `maxRetriesPerRequest: null`
 * on blocking connections; commands issued while Redis is away fail fast instead of queueing
 * forever (`enableOfflineQueue: false` on request-path clients), so a request answers 503 rather
 * than hanging. Reconnection is ioredis's own, capped at 2 s between tries.
 */
export function connectionOptions(extra: RedisOptions = {}): RedisOptions {
  return {
    lazyConnect: true,
    connectTimeout: 5_000,
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), 2_000),
    ...extra,
  };
}

/** A request-path client: commands fail at once while Redis is unreachable. */
export function requestClient(settings: RedisSettings): Redis {
  return new Redis(settings.url, connectionOptions({ enableOfflineQueue: false, maxRetriesPerRequest: 1 }));
}

/** A client for BullMQ queues and workers (blocking commands, retried until Redis is back). */
export function queueClient(settings: RedisSettings): Redis {
  return new Redis(settings.url, connectionOptions({ maxRetriesPerRequest: null }));
}

/**
 * Connects once and pings, so a misconfigured deployment fails at start with one line naming the
 * URL (password hidden) rather than at the first request.
 */
export async function checkReachable(settings: RedisSettings, timeoutMs = 5_000): Promise<void> {
  const client = new Redis(settings.url, connectionOptions({ retryStrategy: () => null, connectTimeout: timeoutMs, maxRetriesPerRequest: 0 }));
  // The connect promise only says "Connection is closed"; the socket's own error says why.
  let cause: unknown;
  client.on('error', (error: unknown) => {
    cause ??= error;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const first = (cause ?? error) as { message?: unknown };
    // Duck-typed: an error from another realm (a test runner's VM) is not `instanceof Error`.
    const reason = typeof first.message === 'string' ? first.message : String(first);
    throw new ServiceError('service_unavailable', `Redis at ${redactedRedisUrl(settings.url)} is unreachable: ${reason}`);
  } finally {
    client.disconnect();
  }
}

/** The key of `parts` under the deployment's prefix: `<prefix>:<part>:<part>`. */
export function prefixedKey(settings: RedisSettings, ...parts: string[]): string {
  return [settings.prefix, ...parts].join(':');
}
