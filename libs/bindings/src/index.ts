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
