import type { RateLimitPolicy, RateLimitStore } from '@skill-service/auth';
import type { IdempotencyStore } from '@skill-service/idempotency';
import {
  RedisIdempotencyStore,
  checkReachable,
  createRedisRateLimitStore,
  createRedisRunState,
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
export interface SharedStateOptions {
  readonly rateLimit: RateLimitPolicy;
  readonly runs: {
    /** SERVICE_MAX_RUNS, for the whole deployment. */
    readonly maxRuns: number;
    /** SERVICE_RUN_ATTEMPTS. */
    readonly attempts: number;
    /** SERVICE_RUN_LOCK_SECONDS: how soon a dead process's run is noticed by another. */
    readonly lockSeconds: number;
  };
  readonly onError: (what: string, error: unknown) => void;
  readonly log: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export async function openSharedState(settings: RedisSettings, options: SharedStateOptions): Promise<SharedState> {
  const lockMs = options.runs.lockSeconds * 1000;
  const runs = await createRedisRunState(settings, {
    maxRuns: options.runs.maxRuns,
    attempts: options.runs.attempts,
    lockDurationMs: lockMs,
    stalledIntervalMs: lockMs,
    log: ({ level, message }) => options.log(level, message),
  });
  const webhooks = await createRedisWebhookState(settings, { onError: options.onError });
  const rateLimitStore = await createRedisRateLimitStore(settings, options.rateLimit, { onError: options.onError });
  const idempotencyClient = requestClient(settings);
  idempotencyClient.on('error', (error: unknown) => options.onError('Redis connection (idempotency keys)', error));
  await idempotencyClient.connect();
  return {
    settings,
    service: { runs, webhooks },
    rateLimitStore,
    idempotencyStore: new RedisIdempotencyStore(idempotencyClient, settings),
    // The run and webhook states are the service's: SkillService.close() closes them.
    async close() {
      await rateLimitStore.close();
      idempotencyClient.disconnect();
    },
  };
}
