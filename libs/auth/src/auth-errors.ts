import { ServiceError, type Role } from '@skill-service/contracts';
import type { RateLimitDecision, RateLimitPolicy } from './rate-limiter.js';

export const AUTH_REALM = 'skill-service';

/**
 * The `WWW-Authenticate` value of every 401: a Bearer challenge (JWT, or an API key sent as a
 * bearer token) and an ApiKey challenge (the `X-API-Key` header). It is the same whatever failed.
 */
export const WWW_AUTHENTICATE = `Bearer realm="${AUTH_REALM}", ApiKey realm="${AUTH_REALM}", header="X-API-Key"`;

const AUTH_HINT = 'Send an API key in the X-API-Key header or as Authorization: Bearer <key>, or a bearer JWT.';

/**
 * 401. One message for every cause — missing, unknown key, bad or expired JWT, refused by a
 * backend — so no answer tells whether a key exists or which check failed.
 */
export function authenticationRequired(): ServiceError {
  return new ServiceError('unauthorized', 'Authentication required.', { hint: AUTH_HINT });
}

/** 403 of the legacy mode: a key was sent and it is not the configured one. */
export function invalidApiKey(): ServiceError {
  return new ServiceError('forbidden', 'Invalid API key.', { hint: AUTH_HINT });
}

/** 403: authenticated, but the role is below what the route needs. */
export function roleInsufficient(role: Role, required: Role): ServiceError {
  return new ServiceError('forbidden', `Role '${role}' is insufficient for this endpoint; it needs '${required}'.`, {
    hint: 'Use credentials with a higher role.',
  });
}

/** 429 past the client's rate limit. */
export function rateLimited(decision: RateLimitDecision, policy: RateLimitPolicy): ServiceError {
  return new ServiceError('rate_limited', 'Too many requests.', {
    hint: `Rate limit is ${policy.limit} requests per ${policy.windowSeconds}s. Retry after ${decision.retryAfterSeconds}s.`,
  });
}
