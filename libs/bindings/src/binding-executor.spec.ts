import { describe, expect, it } from '@jest/globals';
import {
  BindingDefinition,
  CapabilityDefinition,
  InvalidRequestError,
  ServiceDescriptor,
  ServiceError,
  UpstreamFailureError,
  type ProviderProtocol,
} from '@skill-service/contracts';
import type { BindingCatalog } from './binding-catalog.js';
import { BindingExecutor } from './binding-executor.js';
import { CircuitBreaker } from './circuit-breaker.js';
import type { ProtocolProvider, ProviderCall } from './protocol-provider.js';
import { resolveBindingChain } from './resolve-binding-chain.js';

const capability = CapabilityDefinition.parse({
  id: 'text.upper',
  version: '1.0.0',
  description: 'Upper-cases text.',
  inputs: { text: { type: 'string', required: true } },
  outputs: { text: { type: 'string', required: true } },
});

function binding(fields: Partial<BindingDefinition> & { id: string; protocol: ProviderProtocol; service: string }): BindingDefinition {
  return BindingDefinition.parse({ capability: 'text.upper', operation: 'upper', response: { text: 'response.text' }, ...fields });
}

function catalogOf(bindings: BindingDefinition[], policy: Partial<BindingCatalog['policy']> = {}): BindingCatalog {
  const byCapability = new Map<string, BindingDefinition[]>();
  for (const b of bindings) byCapability.set(b.capability, [...(byCapability.get(b.capability) ?? []), b]);
  return {
    bindings: new Map(bindings.map((b) => [b.id, b])),
    bindingsByCapability: byCapability,
    services: new Map(
      [ServiceDescriptor.parse({ id: 'remote', protocol: 'openapi', base_url: 'http://127.0.0.1:1' }), ServiceDescriptor.parse({ id: 'rpc', protocol: 'openrpc', base_url: 'http://127.0.0.1:2' })].map(
        (s) => [s.id, s],
      ),
    ),
    policy: { defaults: {}, active: {}, prefer: [], ...policy },
  };
}

/** A protocol provider backed by a real function, recording the calls it received. */
function provider(protocol: ProviderProtocol, answer: (call: ProviderCall) => unknown): ProtocolProvider & { calls: ProviderCall[] } {
  const calls: ProviderCall[] = [];
  return {
    protocol,
    calls,
    async call(call) {
      calls.push(call);
      return answer(call);
    },
  };
}

const upper = (call: ProviderCall) => ({ text: String(call.payload['text']).toUpperCase() });
const invocation = (input: Record<string, unknown> = { text: 'hi' }) => ({
  capability,
  input,
  traceId: 't-1',
  signal: new AbortController().signal,
  timeoutMs: 5000,
});

describe('resolveBindingChain', () => {
  const python = binding({ id: 'py', protocol: 'pythoncall', service: 'local_services.text' });
  const http = binding({ id: 'http', protocol: 'openapi', service: 'remote', fallback_binding_id: 'py' });
  const rpc = binding({ id: 'rpc', protocol: 'openrpc', service: 'rpc' });
  const local = binding({ id: 'mine', protocol: 'openrpc', service: 'rpc', origin: 'local' });

  it('prefers an active override, then the preference policy, then the default, then the first official', () => {
    const catalog = catalogOf([http, python, rpc, local], { defaults: { 'text.upper': 'rpc' } });
    expect(resolveBindingChain({ ...catalog, policy: { ...catalog.policy, active: { 'text.upper': 'mine' } } }, 'text.upper')).toMatchObject({
      selectionSource: 'local_selection',
    });
    expect(resolveBindingChain(catalog, 'text.upper').selectionSource).toBe('preference_policy');
    expect(resolveBindingChain(catalog, 'text.upper').bindings.map((b) => b.id)).toEqual(['py', 'rpc']);
    expect(resolveBindingChain(catalog, 'text.upper', ['remote']).bindings.map((b) => b.id)).toEqual(['http', 'py', 'rpc']);
    expect(resolveBindingChain(catalog, 'text.upper', []).selectionSource).toBe('official_default');
    expect(resolveBindingChain(catalogOf([rpc, http, python]), 'text.upper', []).bindings.map((b) => b.id)).toEqual(['rpc']);
  });

  it('ignores an override pointing at another capability, and stops fallback links at cycles', () => {
    const a = binding({ id: 'a', protocol: 'openapi', service: 'remote', fallback_binding_id: 'b' });
    const b = binding({ id: 'b', protocol: 'openrpc', service: 'rpc', fallback_binding_id: 'a' });
    const other = BindingDefinition.parse({ id: 'x', capability: 'text.lower', service: 'rpc', protocol: 'openrpc', operation: 'o' });
    const catalog = catalogOf([a, b, other], { active: { 'text.upper': 'x' } });
    expect(resolveBindingChain(catalog, 'text.upper', []).bindings.map((binding) => binding.id)).toEqual(['a', 'b']);
  });

  it('fails clearly for a capability without bindings', () => {
    expect(() => resolveBindingChain(catalogOf([]), 'text.upper')).toThrow(/No binding is configured for capability 'text.upper'/);
  });
});

describe('BindingExecutor', () => {
  it('invokes the primary binding and reports how it resolved', async () => {
    const py = provider('pythoncall', upper);
    const executor = new BindingExecutor({ catalog: catalogOf([binding({ id: 'py', protocol: 'pythoncall', service: 'local_services.text', request: { text: 'input.text' } })]), providers: [py] });
    const result = await executor.invoke(invocation());
    expect(result.output).toEqual({ text: 'HI' });
    expect(py.calls[0]?.payload).toEqual({ text: 'hi' });
    expect(py.calls[0]?.service).toBeUndefined();
    expect(result.meta).toMatchObject({
      binding_id: 'py',
      service_id: 'local_services.text',
      conformance_profile: 'standard',
      required_conformance_profile: 'experimental',
      fallback_used: false,
      fallback_chain: ['py'],
      attempts: [{ binding_id: 'py', status: 'success' }],
      resolution_plan: { selection_source: 'preference_policy', primary_binding_id: 'py' },
    });
  });

  it('falls back along the chain and records every attempt', async () => {
    const http = provider('openapi', () => {
      throw new UpstreamFailureError('HTTP 500 from provider');
    });
    const py = provider('pythoncall', upper);
    const catalog = catalogOf([
      binding({ id: 'http', protocol: 'openapi', service: 'remote', fallback_binding_id: 'py' }),
      binding({ id: 'py', protocol: 'pythoncall', service: 'local_services.text' }),
    ]);
    const executor = new BindingExecutor({ catalog, providers: [http, py], preference: ['openapi'] });
    const result = await executor.invoke(invocation());
    expect(result.output).toEqual({ text: 'HI' });
    expect(http.calls[0]?.service?.id).toBe('remote');
    expect(result.meta?.fallback_used).toBe(true);
    expect(result.meta?.attempts).toEqual([
      { binding_id: 'http', service_id: 'remote', conformance_profile: 'standard', status: 'failed', error: { code: 'upstream_failure', message: 'HTTP 500 from provider' } },
      { binding_id: 'py', service_id: 'local_services.text', conformance_profile: 'standard', status: 'success' },
    ]);
  });

  it('tells its observer each fallback, from the binding that failed to the one tried next', async () => {
    const fallbacks: string[][] = [];
    let httpDown = true;
    const http = provider('openapi', (call) => {
      if (httpDown) throw new UpstreamFailureError('HTTP 500 from provider');
      return upper(call);
    });
    const catalog = catalogOf([
      binding({ id: 'http', protocol: 'openapi', service: 'remote', fallback_binding_id: 'py' }),
      binding({ id: 'py', protocol: 'pythoncall', service: 'local_services.text' }),
    ]);
    const observer = { fallback: (capabilityId: string, from: string, to: string) => fallbacks.push([capabilityId, from, to]) };
    const executor = new BindingExecutor({ catalog, providers: [http, provider('pythoncall', upper)], preference: ['openapi'], observer });
    await executor.invoke(invocation());
    expect(fallbacks).toEqual([['text.upper', 'http', 'py']]);
    httpDown = false;
    await executor.invoke(invocation());
    expect(fallbacks).toHaveLength(1);
  });

  it('answers 412 with the skipped attempts when no binding meets the profile', async () => {
    const executor = new BindingExecutor({ catalog: catalogOf([binding({ id: 'py', protocol: 'pythoncall', service: 'm.x' })]), providers: [provider('pythoncall', upper)] });
    const error = await executor.invoke({ ...invocation(), requiredConformanceProfile: 'strict' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('conformance_unmet');
    expect((error as ServiceError).status).toBe(412);
    expect((error as ServiceError).details).toEqual({
      attempts: [{ binding_id: 'py', service_id: 'm.x', conformance_profile: 'standard', status: 'skipped', skip_reason: "profile 'standard' does not meet required 'strict'" }],
    });
  });

  it('takes the required profile from the capability when the request gives none', () => {
    const strictCapability = CapabilityDefinition.parse({ ...capability, metadata: { required_conformance_profile: 'strict' } });
    const executor = new BindingExecutor({ catalog: catalogOf([binding({ id: 'py', protocol: 'pythoncall', service: 'm.x', conformance_profile: 'strict' })]), providers: [] });
    expect(executor.explain(strictCapability)).toEqual({
      capability_id: 'text.upper',
      selection_source: 'preference_policy',
      primary_binding_id: 'py',
      required_conformance_profile: 'strict',
      chain: [{ binding_id: 'py', service_id: 'm.x', protocol: 'pythoncall', conformance_profile: 'strict', eligible: true, reason: 'eligible' }],
    });
    expect(executor.explain(strictCapability, 'experimental').required_conformance_profile).toBe('experimental');
  });

  it('opens the circuit on provider failures only, then skips the service', async () => {
    let mode: 'bad-input' | 'down' = 'bad-input';
    const flaky = provider('openapi', () => {
      throw mode === 'bad-input' ? new InvalidRequestError('text must be short') : new ServiceError('upstream_timeout', 'timed out');
    });
    const breaker = new CircuitBreaker({ failureThreshold: 2, openMs: 60_000 });
    const executor = new BindingExecutor({ catalog: catalogOf([binding({ id: 'http', protocol: 'openapi', service: 'remote' })]), providers: [flaky], breaker });
    for (let i = 0; i < 5; i++) await expect(executor.invoke(invocation())).rejects.toMatchObject({ code: 'invalid_request' });
    expect(breaker.state('remote')).toBe('closed');
    mode = 'down';
    for (let i = 0; i < 2; i++) await expect(executor.invoke(invocation())).rejects.toMatchObject({ code: 'upstream_timeout' });
    expect(breaker.state('remote')).toBe('open');
    const callsBefore = flaky.calls.length;
    const error = (await executor.invoke(invocation()).catch((e: unknown) => e)) as ServiceError;
    expect(flaky.calls.length).toBe(callsBefore);
    expect(error.code).toBe('upstream_failure');
    expect(error.details).toEqual({ attempts: [expect.objectContaining({ status: 'circuit_open' })] });
  });

  it('turns unexpected provider exceptions into 502 and mapping mismatches into 409 that do not trip the circuit', async () => {
    const broken = provider('openapi', () => {
      throw new TypeError('boom');
    });
    const breaker = new CircuitBreaker({ failureThreshold: 1 });
    const executor = new BindingExecutor({ catalog: catalogOf([binding({ id: 'http', protocol: 'openapi', service: 'remote' })]), providers: [broken], breaker });
    await expect(executor.invoke(invocation())).rejects.toMatchObject({ code: 'upstream_failure', message: "Binding 'http' failed." });
    const wrongShape = provider('openapi', () => ({ unexpected: true }));
    const breaker2 = new CircuitBreaker({ failureThreshold: 1 });
    const executor2 = new BindingExecutor({ catalog: catalogOf([binding({ id: 'http', protocol: 'openapi', service: 'remote' })]), providers: [wrongShape], breaker: breaker2 });
    await expect(executor2.invoke(invocation())).rejects.toMatchObject({ code: 'invalid_configuration' });
    expect(breaker2.state('remote')).toBe('closed');
  });

  it('reports a missing provider or service as a configuration error', async () => {
    const executor = new BindingExecutor({ catalog: catalogOf([binding({ id: 'mcp', protocol: 'mcp', service: 'nowhere' })]), providers: [provider('mcp', upper)] });
    await expect(executor.invoke(invocation())).rejects.toMatchObject({ code: 'invalid_configuration', message: "Binding 'mcp' names unknown service 'nowhere'." });
    const none = new BindingExecutor({ catalog: catalogOf([binding({ id: 'py', protocol: 'pythoncall', service: 'm.x' })]), providers: [] });
    await expect(none.invoke(invocation())).rejects.toMatchObject({ code: 'invalid_configuration' });
  });

  it('does not try fallbacks, nor blame the provider, once the call is aborted', async () => {
    const controller = new AbortController();
    const first = provider('openapi', () => {
      controller.abort();
      throw new ServiceError('upstream_timeout', 'aborted');
    });
    const second = provider('pythoncall', upper);
    const catalog = catalogOf([
      binding({ id: 'http', protocol: 'openapi', service: 'remote', fallback_binding_id: 'py' }),
      binding({ id: 'py', protocol: 'pythoncall', service: 'm.x' }),
    ]);
    const breaker = new CircuitBreaker({ failureThreshold: 1 });
    const executor = new BindingExecutor({ catalog, providers: [first, second], preference: ['openapi'], breaker });
    await expect(executor.invoke({ ...invocation(), signal: controller.signal })).rejects.toMatchObject({ code: 'upstream_timeout' });
    expect(second.calls).toHaveLength(0);
    expect(breaker.state('remote')).toBe('closed');
  });
});
