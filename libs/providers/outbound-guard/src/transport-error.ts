import { ServiceError, UpstreamFailureError, UpstreamTimeoutError } from '@skill-service/contracts';

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT']);

/**
 * Turns whatever one exchange threw into the service's error vocabulary. Our own ServiceErrors
 * (guard refusals, size cap) pass through; an abort is judged by the signal's reason (a deadline
 * is a timeout, anything else a cancellation); the rest is an unreachable upstream. Messages name
 * the host only; got's own messages (they contain full URLs) stay in `cause`.
 */
export function toServiceError(error: unknown, host: string, signal: AbortSignal, timeoutMs: number): ServiceError {
  if (error instanceof ServiceError) return error;
  if (signal.aborted) return abortError(signal, host, timeoutMs, error);
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
    return new UpstreamTimeoutError(`Upstream ${host} timed out`, { cause: error });
  }
  const detail = typeof code === 'string' && /^E[A-Z_]+$/.test(code) ? ` (${code})` : '';
  return new UpstreamFailureError(`Upstream ${host} could not be reached${detail}`, { cause: error });
}

export function abortError(signal: AbortSignal, host: string, timeoutMs: number, cause?: unknown): ServiceError {
  const reason: unknown = signal.reason;
  if (reason instanceof DeadlineExceeded) {
    return new UpstreamTimeoutError(`Upstream ${host} did not answer within ${timeoutMs} ms`, { cause });
  }
  if ((reason as { name?: unknown } | undefined)?.name === 'TimeoutError') {
    return new UpstreamTimeoutError(`Request to ${host} timed out`, { cause: reason });
  }
  return new ServiceError('service_unavailable', `Request to ${host} was aborted`, { cause: reason });
}

/** The reason of the client's own per-attempt deadline (a TimeoutError, like AbortSignal.timeout's). */
export class DeadlineExceeded extends Error {
  constructor() {
    super('outbound deadline exceeded');
    this.name = 'TimeoutError';
  }
}
