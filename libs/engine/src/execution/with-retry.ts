import { isServiceError, type ErrorCode, type RetryPolicy } from '@skill-service/contracts';
import type { Sleep } from './sleep.js';

/** Failures another attempt cannot change: the request, the configuration or a policy decision. */
const NOT_RETRIED: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'invalid_request',
  'invalid_configuration',
  'safety_denied',
  'confirmation_required',
  'conformance_unmet',
  'max_depth_exceeded',
]);

export interface Attempted<T> {
  readonly value: T;
  readonly attempts: number;
}

/**
 * Runs `attempt` up to `policy.max_attempts` times, sleeping `backoff_seconds × multiplier^k`
 * between attempts (abortable). No policy means one attempt. Stops at once when `signal` aborts.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy | undefined,
  signal: AbortSignal,
  sleep: Sleep,
): Promise<Attempted<T>> {
  const maxAttempts = policy?.max_attempts ?? 1;
  for (let made = 1; ; made++) {
    try {
      return { value: await attempt(), attempts: made };
    } catch (error) {
      const retryable = !(isServiceError(error) && NOT_RETRIED.has(error.code));
      if (policy === undefined || made >= maxAttempts || !retryable || signal.aborted) throw error;
      await sleep(policy.backoff_seconds * 1000 * policy.backoff_multiplier ** (made - 1), signal);
    }
  }
}
