/**
 * @skill-service/auth — who may call what, and how often. API keys held as SHA-256 digests
 * (constant-time lookup), HS256 JWTs with the algorithm pinned, the contract's route → role
 * table (unknown routes need admin), the authentication chain of the legacy and RBAC modes with
 * plugin backends (`AuthBackend`), the tool bridge's `identityFromCredentials`, and a sliding-window
 * rate limiter with bounded memory behind a rate-limit store port (shared stores live elsewhere). Pure domain: no framework, no environment, no files.
 */
export { ApiKeyStore, sha256Hex } from './api-key-store.js';
export { AUTH_REALM, WWW_AUTHENTICATE, authenticationRequired, invalidApiKey, rateLimited, roleInsufficient } from './auth-errors.js';
export {
  ANONYMOUS_READER,
  Authenticator,
  OPEN_ACCESS,
  identityFromCredentials,
  isCredentialed,
  type AuthBackend,
  type AuthFailureReason,
  type AuthMode,
  type AuthOutcome,
  type AuthPluginContext,
  type AuthRequest,
  type AuthSettings,
  type BridgeCredentials,
  type CreateAuthBackend,
  type CredentialSource,
  type JwtSettings,
} from './authenticator.js';
export { MAX_CREDENTIAL_LENGTH, isCleanCredential } from './credential-text.js';
export {
  DEFAULT_JWT_LEEWAY_SECONDS,
  DEFAULT_MAX_JWT_LENGTH,
  JwtVerificationError,
  MIN_JWT_SECRET_BYTES,
  looksLikeJwt,
  signJwtHs256,
  verifyJwtHs256,
  type JwtClaims,
  type JwtFailure,
  type JwtVerifyOptions,
} from './jwt-hs256.js';
export { AUTH_PLUGIN_MANIFEST, type AuthPluginManifest } from './plugin-manifest.js';
export {
  DEFAULT_MAX_TRACKED_CLIENTS,
  DEFAULT_RATE_LIMIT,
  SlidingWindowRateLimiter,
  rateLimitHeaders,
  type RateLimitDecision,
  type RateLimitPolicy,
  type RateLimiterOptions,
} from './rate-limiter.js';
export { isPendingDecision, type RateLimitStore } from './rate-limit-store.js';
export { CONTRACT_ROUTE_ROLES, RouteAccessTable, UNKNOWN_ROUTE_ROLE, type HttpMethod, type RouteRoleEntry } from './route-access.js';
