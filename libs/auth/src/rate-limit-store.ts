import type { RateLimitDecision, RateLimitPolicy } from './rate-limiter.js';

/**
 * Where rate-limit windows are counted (port): this process's memory (`SlidingWindowRateLimiter`,
 * answering synchronously so the request path awaits nothing) or a store every process shares
 * (answering with a promise: one round trip).
 */
export interface RateLimitStore {
  readonly policy: RateLimitPolicy;
  /** Counts one request of `clientKey` at `now` (ms, a store with its own clock may ignore it). */
  check(clientKey: string, now: number): RateLimitDecision | Promise<RateLimitDecision>;
}

/** Whether a store's answer must be awaited (a plain decision need not be). */
export function isPendingDecision(answer: RateLimitDecision | Promise<RateLimitDecision>): answer is Promise<RateLimitDecision> {
  return typeof (answer as { then?: unknown }).then === 'function';
}
