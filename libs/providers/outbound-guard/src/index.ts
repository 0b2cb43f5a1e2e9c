/**
 * @skill-service/outbound-guard — the SSRF guard and the one HTTP client for every outbound call
 * (openapi and openrpc providers, webhook delivery, `web.page.fetch`): http/https only, every
 * resolved address checked and pinned for the connection, redirects re-checked, operator
 * allow-list, bounded retries and response size, `traceparent` and `${ENV}` placeholder helpers.
 */
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY_STATUS_CODES,
  GuardedHttpClient,
  MAX_REDIRECTS,
  type GuardedHttpClientOptions,
  type OutboundRequest,
  type RetryOptions,
} from './guarded-http-client.js';
export { isOutboundBlockedError, OutboundBlockedError, type OutboundBlockReason } from './outbound-blocked-error.js';
export {
  OutboundGuard,
  type CheckedDestination,
  type HostResolver,
  type OutboundGuardOptions,
  type ResolvedAddress,
} from './outbound-guard.js';
export type { OutboundResponse, ResponseHeaders } from './outbound-response.js';
export type { HttpMethod } from './redirect-hop.js';
export { traceparentFor } from './traceparent.js';
