import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimitPolicy, RateLimitStore } from '@skill-service/auth';
import { connectionOptions, prefixedKey } from '../redis-connection.js';
import type { RedisSettings } from '../redis-settings.js';

/** A rate-limit check waits at most this long on Redis before the in-memory insurance answers. */
const COMMAND_TIMEOUT_MS = 1_000;

export interface RedisRateLimitStoreOptions {
  /** Told of connection errors (Redis lost); the store keeps answering from memory meanwhile. */
  readonly onError?: (what: string, error: unknown) => void;
}

/** A shared rate-limit store, with its connection to close at shutdown. */
export interface RedisRateLimitStore extends RateLimitStore {
  /** Whether the last check was answered by Redis (false: by the in-memory insurance limiter). */
  readonly shared: boolean;
  close(): Promise<void>;
}

function decision(answer: RateLimiterRes, allowed: boolean, limit: number): RateLimitDecision {
  const resetSeconds = Math.ceil(Math.max(0, answer.msBeforeNext) / 1000);
  return {
    allowed,
    limit,
    remaining: Math.max(0, answer.remainingPoints),
    resetSeconds,
    retryAfterSeconds: allowed ? 0 : Math.max(1, resetSeconds),
  };
}

/**
 * One rate-limit window per client for the whole deployment: rate-limiter-flexible's
 * RateLimiterRedis (a fixed window counted atomically by a Lua script, keys under
 * `<prefix>:rate-limit:`), mapped to the decision shape of the in-memory limiter. While Redis is
 * unreachable (or slower than 1 s) each process falls back to its own in-memory window (the
 * library's insurance limiter), so requests keep being served and limited. The window is the
 * policy's, rounded up to whole seconds.
 */
export async function createRedisRateLimitStore(
  settings: RedisSettings,
  policy: RateLimitPolicy,
  options: RedisRateLimitStoreOptions = {},
): Promise<RedisRateLimitStore> {
  const client = new Redis(settings.url, connectionOptions({ enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS }));
  client.on('error', (error) => options.onError?.('Redis connection (rate limits)', error));
  // Unreachable now is not fatal here: the insurance limiter answers until Redis is back.
  await client.connect().catch(() => undefined);
  const duration = Math.max(1, Math.ceil(policy.windowSeconds));
  const limiter = new RateLimiterRedis({
    storeClient: client,
    keyPrefix: prefixedKey(settings, 'rate-limit'),
    points: policy.limit,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ points: policy.limit, duration }),
  });
  let shared = true;
  return {
    policy,
    get shared() {
      return shared;
    },
    async check(clientKey: string): Promise<RateLimitDecision> {
      shared = client.status === 'ready';
      try {
        return decision(await limiter.consume(clientKey), true, policy.limit);
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return decision(refusal, false, policy.limit);
        // Neither store answered (should not happen with the insurance limiter): admit rather than fail the request.
        options.onError?.('rate-limit check', refusal);
        return { allowed: true, limit: policy.limit, remaining: 0, resetSeconds: duration, retryAfterSeconds: 0 };
      }
    },
    async close() {
      client.disconnect();
    },
  };
}
