import { ServiceError, UpstreamTimeoutError, isServiceError } from '@skill-service/contracts';

/**
 * The error a call rejects with when its signal fires. A ServiceError reason is the caller's own
 * verdict (e.g. the engine's `step_timeout`) and is rethrown unchanged. A timeout reason
 * (`AbortSignal.timeout()`, any error named TimeoutError) becomes `upstream_timeout` (504).
 * Any other reason is a cancellation (client gone, run cancelled): `service_unavailable` (503),
 * which is neither caller input nor a provider failure, so the circuit breaker ignores it.
 */
export function errorFromAbort(reason: unknown, what: string): ServiceError {
  if (isServiceError(reason)) return reason;
  if (typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError') {
    return new UpstreamTimeoutError(`${what} was aborted by a timeout`, { cause: reason });
  }
  return new ServiceError('service_unavailable', `${what} was cancelled`, { cause: reason });
}
