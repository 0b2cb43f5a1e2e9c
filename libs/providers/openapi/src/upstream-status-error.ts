import {
  InvalidConfigurationError,
  InvalidRequestError,
  UpstreamFailureError,
  UpstreamTimeoutError,
  type ServiceError,
} from '@skill-service/contracts';
import { bodyPreview } from '@skill-service/bindings';

export interface FinalStatus {
  readonly serviceId: string;
  readonly operation: string;
  readonly status: number;
  readonly body: Buffer;
  /** Resolved secrets to mask in the preview. */
  readonly secrets: readonly string[];
}

/**
 * What a final non-2xx answer means for the caller (retries are over by now):
 * - 401/403: the provider refused our credentials, a descriptor problem → 409;
 * - 405: the binding's method is wrong for that operation → 409;
 * - any other 4xx but 408/429: the provider rejected the caller's input → 400, which the circuit
 *   breaker does not count against the provider;
 * - 504: the provider timed out upstream → `upstream_timeout`;
 * - everything else (5xx, 408, 429, an unfollowed 3xx) → 502.
 * Messages carry the status and a short, secret-free body preview, never the URL.
 */
export function upstreamStatusError(final: FinalStatus): ServiceError {
  const { serviceId, operation, status } = final;
  const preview = bodyPreview(final.body, final.secrets);
  const tail = preview === '' ? '' : `: ${preview}`;
  const options = { details: { status, body_preview: preview } };
  if (status === 401 || status === 403) {
    return new InvalidConfigurationError(`Provider '${serviceId}' refused the configured credentials (HTTP ${status}) for '${operation}'${tail}`, options);
  }
  if (status === 405) {
    return new InvalidConfigurationError(`Provider '${serviceId}' does not allow this method for '${operation}' (HTTP 405)${tail}`, options);
  }
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return new InvalidRequestError(`Provider '${serviceId}' rejected the request to '${operation}' (HTTP ${status})${tail}`, options);
  }
  if (status === 504) {
    return new UpstreamTimeoutError(`Provider '${serviceId}' timed out on '${operation}' (HTTP 504)${tail}`, options);
  }
  return new UpstreamFailureError(`Provider '${serviceId}' answered HTTP ${status} for '${operation}'${tail}`, options);
}
