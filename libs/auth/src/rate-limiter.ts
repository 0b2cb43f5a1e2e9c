import { InvalidConfigurationError } from '@skill-service/contracts';
import type { RateLimitStore } from './rate-limit-store.js';

export interface RateLimitPolicy {
  /** Requests admitted per window and client. */
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface RateLimiterOptions extends RateLimitPolicy {
  /** Clients tracked at once; past it the least recently seen is forgotten (default 10,000). */
  readonly maxClients?: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  /** Requests still admitted in the current window (after this one). */
  readonly remaining: number;
  /** Seconds until the oldest request in the window leaves it (a slot frees); 0 when the window is empty. */
  readonly resetSeconds: number;
  /** Seconds to wait before retrying: 0 when allowed, at least 1 when not. */
  readonly retryAfterSeconds: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitPolicy = { limit: 60, windowSeconds: 60 };
export const DEFAULT_MAX_TRACKED_CLIENTS = 10_000;

/**
 * The admission times of one client's requests still inside the window, oldest first (a ring
 * buffer), and the client's place in the limiter's last-seen order (a doubly linked list).
 */
class WindowLog {
  #times: Float64Array;
  #head = 0;
  #count = 0;
  lastSeen = 0;
  older: WindowLog | undefined;
  newer: WindowLog | undefined;

  constructor(
    readonly clientKey: string,
    private readonly capacity: number,
  ) {
    this.#times = new Float64Array(Math.min(capacity, 8));
  }

  get count(): number {
    return this.#count;
  }

  oldest(): number | undefined {
    return this.#count === 0 ? undefined : this.#times[this.#head];
  }

  /** Forgets admissions at or before `cutoff`. */
  dropThrough(cutoff: number): void {
    while (this.#count > 0 && (this.#times[this.#head] ?? Number.POSITIVE_INFINITY) <= cutoff) {
      this.#head = (this.#head + 1) % this.#times.length;
      this.#count -= 1;
    }
  }

  push(time: number): void {
    if (this.#count === this.#times.length) this.#grow();
    this.#times[(this.#head + this.#count) % this.#times.length] = time;
    this.#count += 1;
  }

  #grow(): void {
    const next = new Float64Array(Math.min(this.capacity, this.#times.length * 2));
    for (let i = 0; i < this.#count; i += 1) next[i] = this.#times[(this.#head + i) % this.#times.length] ?? 0;
    this.#times = next;
    this.#head = 0;
  }
}

/**
 * A sliding-window log per client: a request is admitted when fewer than `limit` requests were
 * admitted in the `windowSeconds` before it, so no window of that length ever holds more than
 * `limit` admissions. Refused requests are not logged (a client that stops is admitted again
 * once its window slides). Memory stays bounded: at most `maxClients` logs of at most `limit`
 * times each; the least recently seen client is forgotten first, and clients whose whole log has
 * left the window are purged as time passes.
 */
export class SlidingWindowRateLimiter implements RateLimitStore {
  readonly policy: RateLimitPolicy;
  readonly maxClients: number;
  readonly #windowMs: number;
  readonly #clients = new Map<string, WindowLog>();
  /**
   * The logs in last-seen order, least recent first. A linked list, not the Map's insertion order:
   * re-inserting a client on every request and evicting through `keys().next()` made each eviction
   * walk the holes earlier deletions left at the front of V8's table (about 9 µs per request from
   * new clients at a 10,000-client cap).
   */
  #leastRecent: WindowLog | undefined;
  #mostRecent: WindowLog | undefined;
  #lastPurge = Number.NEGATIVE_INFINITY;

  constructor(options: RateLimiterOptions) {
    const { limit, windowSeconds } = options;
    const maxClients = options.maxClients ?? DEFAULT_MAX_TRACKED_CLIENTS;
    if (!Number.isSafeInteger(limit) || limit < 1) throw new InvalidConfigurationError('The rate limit must be a whole number of requests, at least 1');
    if (!Number.isFinite(windowSeconds) || windowSeconds <= 0) throw new InvalidConfigurationError('The rate-limit window must be a positive number of seconds');
    if (!Number.isSafeInteger(maxClients) || maxClients < 1) throw new InvalidConfigurationError('The tracked-client cap must be a whole number, at least 1');
    this.policy = { limit, windowSeconds };
    this.maxClients = maxClients;
    this.#windowMs = windowSeconds * 1000;
  }

  /** Clients currently tracked (bounded by `maxClients`). */
  get trackedClients(): number {
    return this.#clients.size;
  }

  /** Counts one request of `clientKey` at `now` (ms) and says whether it is admitted. */
  check(clientKey: string, now: number): RateLimitDecision {
    this.#purge(now);
    const cutoff = now - this.#windowMs;
    let log = this.#clients.get(clientKey);
    if (log === undefined) {
      if (this.#clients.size >= this.maxClients && this.#leastRecent !== undefined) this.#forget(this.#leastRecent);
      log = new WindowLog(clientKey, this.policy.limit);
      this.#clients.set(clientKey, log);
    } else {
      this.#unlink(log);
    }
    this.#appendMostRecent(log);
    log.lastSeen = now;
    log.dropThrough(cutoff);

    const allowed = log.count < this.policy.limit;
    if (allowed) log.push(now);
    const oldest = log.oldest();
    const untilSlot = oldest === undefined ? 0 : Math.max(0, oldest + this.#windowMs - now);
    const resetSeconds = Math.ceil(untilSlot / 1000);
    return {
      allowed,
      limit: this.policy.limit,
      remaining: this.policy.limit - log.count,
      resetSeconds,
      retryAfterSeconds: allowed ? 0 : Math.max(1, resetSeconds),
    };
  }

  #appendMostRecent(log: WindowLog): void {
    log.older = this.#mostRecent;
    log.newer = undefined;
    if (this.#mostRecent === undefined) this.#leastRecent = log;
    else this.#mostRecent.newer = log;
    this.#mostRecent = log;
  }

  #unlink(log: WindowLog): void {
    if (log.older === undefined) this.#leastRecent = log.newer;
    else log.older.newer = log.newer;
    if (log.newer === undefined) this.#mostRecent = log.older;
    else log.newer.older = log.older;
    log.older = undefined;
    log.newer = undefined;
  }

  #forget(log: WindowLog): void {
    this.#unlink(log);
    this.#clients.delete(log.clientKey);
  }

  /**
   * Drops clients not seen for a whole window (their logs are empty by now). The walk goes in
   * last-seen order and stops at the first recent client; it runs at most once per tenth of a
   * window, so its cost is amortised over the requests that made the entries.
   */
  #purge(now: number): void {
    if (now - this.#lastPurge < this.#windowMs / 10) return;
    this.#lastPurge = now;
    const cutoff = now - this.#windowMs;
    while (this.#leastRecent !== undefined && this.#leastRecent.lastSeen <= cutoff) this.#forget(this.#leastRecent);
  }
}

/**
 * The IETF draft headers (draft-ietf-httpapi-ratelimit-headers, the `limit=…` form):
 * `RateLimit-Policy: 60;w=60` and `RateLimit: limit=60, remaining=0, reset=12`, plus
 * `Retry-After` when the request was refused.
 */
export function rateLimitHeaders(decision: RateLimitDecision, policy: RateLimitPolicy): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `${policy.limit};w=${policy.windowSeconds}`,
    RateLimit: `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.retryAfterSeconds);
  return headers;
}
