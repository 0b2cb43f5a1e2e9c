import {
  ServiceError,
  UpstreamFailureError,
  isServiceError,
  type BindingAttempt,
  type BindingDefinition,
  type CapabilityDefinition,
  type CapabilityInvocation,
  type CapabilityInvocationResult,
  type CapabilityInvoker,
  type ConformanceProfile,
  type ErrorCode,
  type ResolutionPlan,
} from '@skill-service/contracts';
import { SPAN_ATTRIBUTES, traced, type TracedSpan } from '@skill-service/util';
import type { BindingCatalog } from './binding-catalog.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { conformanceGap, requiredProfileFor } from './conformance.js';
import type { ProtocolProvider } from './protocol-provider.js';
import { renderRequest } from './request-template.js';
import { resolveBindingChain, DEFAULT_PREFERENCE } from './resolve-binding-chain.js';
import { mapResponse } from './response-mapping.js';

/** Codes that say the provider itself failed; only these count against its circuit. */
const PROVIDER_FAILURES: ReadonlySet<ErrorCode> = new Set(['upstream_failure', 'upstream_timeout', 'service_unavailable']);

export interface BindingObserver {
  /** Every attempt, as reported in step metadata (metrics count fallbacks and outcomes here). */
  attempt?(capabilityId: string, attempt: BindingAttempt): void;
  /** A call goes to `toBindingId` because `fromBindingId` (the one before it in the chain) failed, was skipped or had its circuit open. */
  fallback?(capabilityId: string, fromBindingId: string, toBindingId: string): void;
}

export interface BindingExecutorOptions {
  /** The loaded bindings; a function lets the registry be reloaded without rebuilding this. */
  readonly catalog: BindingCatalog | (() => BindingCatalog);
  readonly providers: readonly ProtocolProvider[];
  /** Ordered protocols or service ids preferred over the official default. */
  readonly preference?: readonly string[];
  readonly breaker?: CircuitBreaker;
  readonly observer?: BindingObserver;
  readonly now?: () => number;
}

/**
 * The engine's CapabilityInvoker for real providers: resolves the binding chain, skips bindings
 * below the required conformance profile or behind an open circuit, renders the request, calls the
 * protocol provider, maps the response, and falls back along the chain, recording every attempt.
 */
export class BindingExecutor implements CapabilityInvoker {
  readonly breaker: CircuitBreaker;
  private readonly catalogOf: () => BindingCatalog;
  private readonly providers: ReadonlyMap<string, ProtocolProvider>;
  private readonly preference: readonly string[];
  private readonly observer: BindingObserver | undefined;
  private readonly now: () => number;
  // Plans depend only on the catalog, the capability and the requested profile, all immutable once
  // loaded: each is resolved once per registry load instead of once per step.
  private readonly plans = new WeakMap<BindingCatalog, WeakMap<CapabilityDefinition, Map<string, CachedPlan>>>();

  constructor(options: BindingExecutorOptions) {
    const { catalog } = options;
    this.catalogOf = typeof catalog === 'function' ? catalog : () => catalog;
    this.providers = new Map(options.providers.map((provider) => [provider.protocol, provider]));
    this.preference = options.preference ?? DEFAULT_PREFERENCE;
    this.breaker = options.breaker ?? new CircuitBreaker();
    this.observer = options.observer;
    this.now = options.now ?? (() => performance.now());
  }

  /** The resolution plan of a capability, without invoking anything. */
  explain(capability: CapabilityDefinition, requested?: ConformanceProfile): ResolutionPlan {
    return this.cachedPlan(this.catalogOf(), capability, requested).plan;
  }

  private cachedPlan(catalog: BindingCatalog, capability: CapabilityDefinition, requested: ConformanceProfile | undefined): CachedPlan {
    let byCapability = this.plans.get(catalog);
    if (byCapability === undefined) this.plans.set(catalog, (byCapability = new WeakMap()));
    let byProfile = byCapability.get(capability);
    if (byProfile === undefined) byCapability.set(capability, (byProfile = new Map()));
    const key = requested ?? '';
    let cached = byProfile.get(key);
    if (cached === undefined) {
      const plan = deepFreeze(this.resolvePlan(catalog, capability, requested));
      cached = {
        plan,
        bindings: plan.chain.map((entry) => catalog.bindings.get(entry.binding_id) as BindingDefinition),
        fallbackChain: deepFreeze(plan.chain.map((entry) => entry.binding_id)),
      };
      byProfile.set(key, cached);
    }
    return cached;
  }

  private resolvePlan(catalog: BindingCatalog, capability: CapabilityDefinition, requested: ConformanceProfile | undefined): ResolutionPlan {
    const required = requiredProfileFor(capability, requested);
    const chain = resolveBindingChain(catalog, capability.id, this.preference);
    return {
      capability_id: capability.id,
      selection_source: chain.selectionSource,
      primary_binding_id: chain.bindings[0]?.id ?? '',
      required_conformance_profile: required,
      chain: chain.bindings.map((binding) => {
        const gap = conformanceGap(binding.conformance_profile, required);
        return {
          binding_id: binding.id,
          service_id: binding.service,
          protocol: binding.protocol,
          conformance_profile: binding.conformance_profile,
          eligible: gap === undefined,
          reason: gap ?? 'eligible',
        };
      }),
    };
  }

  invoke(invocation: CapabilityInvocation): Promise<CapabilityInvocationResult> {
    const attributes = { [SPAN_ATTRIBUTES.capabilityId]: invocation.capability.id };
    return traced(`binding.resolve ${invocation.capability.id}`, { attributes }, (span) => this.invokeChain(invocation, span));
  }

  private async invokeChain(invocation: CapabilityInvocation, span: TracedSpan): Promise<CapabilityInvocationResult> {
    const started = this.now();
    const { capability } = invocation;
    const catalog = this.catalogOf();
    const { plan, bindings: chain, fallbackChain } = this.cachedPlan(catalog, capability, invocation.requiredConformanceProfile);
    const resolutionMs = this.now() - started;
    const deadline = started + invocation.timeoutMs;
    const attempts: BindingAttempt[] = [];
    let lastError: unknown;
    const record = (attempt: BindingAttempt): void => {
      attempts.push(attempt);
      this.observer?.attempt?.(capability.id, attempt);
      if (attempt.status === 'skipped' || attempt.status === 'circuit_open') {
        span.addEvent('binding.skipped', { [SPAN_ATTRIBUTES.bindingId]: attempt.binding_id, [SPAN_ATTRIBUTES.outcome]: attempt.status });
      }
    };
    span.setAttribute(SPAN_ATTRIBUTES.bindingChain, fallbackChain.join(','));

    for (const binding of chain) {
      const base = { binding_id: binding.id, service_id: binding.service, conformance_profile: binding.conformance_profile };
      const gap = conformanceGap(binding.conformance_profile, plan.required_conformance_profile as ConformanceProfile);
      if (gap !== undefined) {
        record({ ...base, status: 'skipped', skip_reason: gap });
        continue;
      }
      if (!this.breaker.tryAcquire(binding.service)) {
        record({ ...base, status: 'circuit_open', skip_reason: `circuit open for service '${binding.service}'` });
        continue;
      }
      const previous = attempts.at(-1);
      if (previous !== undefined) this.observer?.fallback?.(capability.id, previous.binding_id, binding.id);
      try {
        const output = await this.callBinding(binding, invocation, catalog, Math.max(1, deadline - this.now()));
        span.setAttribute(SPAN_ATTRIBUTES.bindingId, binding.id);
        span.setAttribute(SPAN_ATTRIBUTES.fallbackUsed, binding.id !== plan.primary_binding_id);
        this.breaker.recordSuccess(binding.service);
        record({ ...base, status: 'success' });
        return {
          output,
          meta: {
            binding_id: binding.id,
            service_id: binding.service,
            conformance_profile: binding.conformance_profile,
            required_conformance_profile: plan.required_conformance_profile,
            fallback_used: binding.id !== plan.primary_binding_id,
            fallback_chain: fallbackChain,
            attempts,
            resolution_plan: plan,
            resolution_ms: Math.round(resolutionMs * 1000) / 1000,
          },
        };
      } catch (error) {
        const failure = isServiceError(error) ? error : new UpstreamFailureError(`Binding '${binding.id}' failed.`, { cause: error });
        // A call cut short by the caller (timeout, cancellation) says nothing about the provider.
        if (PROVIDER_FAILURES.has(failure.code) && !invocation.signal.aborted) this.breaker.recordFailure(binding.service);
        else this.breaker.recordNeutral(binding.service);
        record({ ...base, status: 'failed', error: { code: failure.code, message: failure.message } });
        lastError = failure;
        if (invocation.signal.aborted) throw failure;
      }
    }
    throw chainFailure(capability.id, attempts, lastError);
  }

  /** One binding of the chain in its own span: protocol, service and binding, and how it ended. */
  private callBinding(binding: BindingDefinition, invocation: CapabilityInvocation, catalog: BindingCatalog, timeoutMs: number): Promise<unknown> {
    const attributes = {
      [SPAN_ATTRIBUTES.bindingId]: binding.id,
      [SPAN_ATTRIBUTES.serviceId]: binding.service,
      [SPAN_ATTRIBUTES.protocol]: binding.protocol,
      [SPAN_ATTRIBUTES.operation]: binding.operation,
    };
    return traced(`binding.call ${binding.id}`, { attributes }, () => this.callProvider(binding, invocation, catalog, timeoutMs));
  }

  private async callProvider(
    binding: BindingDefinition,
    invocation: CapabilityInvocation,
    catalog: BindingCatalog,
    timeoutMs: number,
  ): Promise<unknown> {
    const provider = this.providers.get(binding.protocol);
    if (provider === undefined) {
      throw new ServiceError('invalid_configuration', `No provider is configured for protocol '${binding.protocol}' (binding '${binding.id}').`);
    }
    const service = catalog.services.get(binding.service);
    if (service === undefined && binding.protocol !== 'pythoncall') {
      throw new ServiceError('invalid_configuration', `Binding '${binding.id}' names unknown service '${binding.service}'.`);
    }
    const raw = await provider.call({
      binding,
      service,
      payload: renderRequest(binding.request, invocation.input),
      signal: invocation.signal,
      timeoutMs,
      traceId: invocation.traceId,
    });
    try {
      return mapResponse(binding.response, raw, binding.id);
    } catch (error) {
      // The provider answered; a mapping mismatch is a binding problem, not a provider outage.
      throw isServiceError(error) ? new ServiceError('invalid_configuration', error.message) : error;
    }
  }
}

interface CachedPlan {
  readonly plan: ResolutionPlan;
  readonly bindings: readonly BindingDefinition[];
  readonly fallbackChain: string[];
}

/** A shared plan goes into many answers: nobody may change it. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) deepFreeze(field);
  }
  return value;
}

function chainFailure(capabilityId: string, attempts: readonly BindingAttempt[], lastError: unknown): ServiceError {
  const details = { attempts };
  if (lastError === undefined) {
    const allSkipped = attempts.every((attempt) => attempt.status === 'skipped');
    return allSkipped
      ? new ServiceError('conformance_unmet', `No binding of capability '${capabilityId}' satisfies the required conformance profile.`, { details })
      : new ServiceError('upstream_failure', `Every binding of capability '${capabilityId}' is unavailable (circuit open).`, { details });
  }
  const last = lastError as ServiceError;
  const tried = attempts.filter((attempt) => attempt.status === 'failed').length;
  const prefix = tried > 1 ? `Capability '${capabilityId}' failed on ${tried} bindings; last: ` : '';
  return new ServiceError(last.code, `${prefix}${last.message}`, { details, cause: last });
}
