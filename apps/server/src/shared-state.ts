import type { RateLimitPolicy, RateLimitStore } from '@skill-service/auth';
import type { IdempotencyStore } from '@skill-service/idempotency';
import {
  RedisIdempotencyStore,
  checkReachable,
  createRedisRateLimitStore,
  createRedisWebhookState,
  redisSettings,
  requestClient,
  type RedisSettings,
} from '@skill-service/redis-state';
import type { SkillServiceOptions } from '@skill-service/service';

/** How often one source of Redis errors is logged while Redis stays away (each client retries every 2 s). */
const ERROR_LOG_INTERVAL_MS = 10_000;

/** Passes on the first error of each source, then at most one per interval (with how many were held back). */
export function throttledErrors(log: (message: string) => void, now: () => number = Date.now): (what: string, error: unknown) => void {
  const last = new Map<string, { at: number; held: number }>();
  return (what, error) => {
    const seen = last.get(what);
    if (seen !== undefined && now() - seen.at < ERROR_LOG_INTERVAL_MS) {
      seen.held += 1;
      return;
    }
    const held = seen?.held ?? 0;
    last.set(what, { at: now(), held: 0 });
    const reason = error instanceof Error ? error.message : String(error);
    log(`${what}: ${reason}${held > 0 ? ` (${held} more since the last report)` : ''}`);
  };
}

/** The state the server's parts share through Redis, and how to let go of it. */
export interface SharedState {
  readonly settings: RedisSettings;
  readonly service: NonNullable<SkillServiceOptions['state']>;
  readonly rateLimitStore: RateLimitStore;
  readonly idempotencyStore: IdempotencyStore;
  close(): Promise<void>;
}

/** Checks a URL and prefix (throws `invalid_configuration` with one line) before anything connects. */
export function sharedStateSettings(url: string, prefix: string): RedisSettings {
  return redisSettings(url, prefix);
}

/** Pings Redis once: a deployment pointed at the wrong one fails at start (`service_unavailable`). */
export function checkSharedState(settings: RedisSettings): Promise<void> {
  return checkReachable(settings);
}

/**
 * Opens every shared store on one Redis prefix. Loaded only when Redis is configured (main imports
 * this module on demand), so the embedded default never loads the Redis client.
 */
export async function openSharedState(settings: RedisSettings, options: { readonly rateLimit: RateLimitPolicy; readonly onError: (what: string, error: unknown) => void }): Promise<SharedState> {
  const webhooks = await createRedisWebhookState(settings, { onError: options.onError });
  const rateLimitStore = await createRedisRateLimitStore(settings, options.rateLimit, { onError: options.onError });
  const idempotencyClient = requestClient(settings);
  idempotencyClient.on('error', (error: unknown) => options.onError('Redis connection (idempotency keys)', error));
  await idempotencyClient.connect();
  return {
    settings,
    service: { webhooks },
    rateLimitStore,
    idempotencyStore: new RedisIdempotencyStore(idempotencyClient, settings),
    // The webhook state is the service's: SkillService.close() closes it.
    async close() {
      await rateLimitStore.close();
      idempotencyClient.disconnect();
    },
  };
}
