/**
 * @skill-service/bindings — resolves a capability to a binding and invokes it through a protocol
 * provider: active overrides, the preference policy, official defaults, fallback chains,
 * conformance eligibility, per-service circuit breakers and `explain`. It declares the
 * `ProtocolProvider` port that the provider adapters implement, and implements the engine's
 * `CapabilityInvoker` port.
 */
export type { BindingCatalog } from './binding-catalog.js';
export { BindingExecutor, type BindingExecutorOptions, type BindingObserver } from './binding-executor.js';
export { CircuitBreaker, type CircuitBreakerOptions, type CircuitState } from './circuit-breaker.js';
export { conformanceGap, requiredProfileFor } from './conformance.js';
export type { ProtocolProvider, ProviderCall, ProviderHealth } from './protocol-provider.js';
export { renderRequest } from './request-template.js';
export { DEFAULT_PREFERENCE, resolveBindingChain, type BindingChain, type SelectionSource } from './resolve-binding-chain.js';
export { mapResponse } from './response-mapping.js';
export { bodyPreview, MAX_PREVIEW_CHARS } from './outbound/body-preview.js';
export { callDeadline, type CallDeadline } from './outbound/call-deadline.js';
export { childEnvironment } from './outbound/child-environment.js';
export { DEFAULT_PLACEHOLDER_RULES, PlaceholderRules, hasPlaceholder, resolveEnvPlaceholders, type PlaceholderEnv } from './outbound/env-placeholders.js';
export { outboundHeaders, type OutboundHeaders } from './outbound/outbound-headers.js';
export {
  headerValue,
  type OutboundHttpClient,
  type OutboundHttpMethod,
  type OutboundHttpRequest,
  type OutboundHttpResponse,
  type OutboundRetry,
} from './outbound/outbound-http-client.js';
export { serviceBaseUrl } from './outbound/service-base-url.js';
export { ServiceOutcomes, type ServiceOutcome } from './outbound/service-outcomes.js';
export { parseRetryAfter } from './outbound/retry-after.js';
