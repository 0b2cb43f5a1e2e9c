import { ServiceError } from '@skill-service/contracts';
import { abortableSleep } from '@skill-service/util';

// A backend that is away is asked again at this pace, the last delay repeating.
const RETRY_DELAYS_MS = [100, 500, 1000, 2000, 5000] as const;

/**
 * Runs a state operation, trying again while its backend is unreachable (`service_unavailable`)
 * until `signal` aborts, then throws the last failure. Any other refusal (a foreign value under
 * the prefix, say) is thrown at once: waiting would not change it.
 */
export async function retryWhileUnavailable<T>(operation: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      const transient = error instanceof ServiceError && error.code === 'service_unavailable';
      if (!transient || signal.aborted) throw error;
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 5000;
      await abortableSleep(delay, signal).catch(() => undefined);
    }
  }
}
