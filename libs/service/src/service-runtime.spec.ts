import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CapabilityDefinition } from '@skill-service/contracts';
import { createServiceRuntime, type ServiceRuntime } from './service-runtime.js';
import { testConfig } from './testing/test-config.js';

describe('createServiceRuntime', () => {
  let runtime: ServiceRuntime;

  beforeAll(async () => {
    runtime = await createServiceRuntime(testConfig().config);
  });

  afterAll(async () => {
    await runtime.close();
  });

  function required<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`${what} is missing from the built-in registry`);
    return value;
  }
  const validateCapability = (): CapabilityDefinition => required(runtime.registry.capabilities.get('data.schema.validate'), 'data.schema.validate').definition;

  it('wires a provider for each of the four protocols', () => {
    expect(runtime.providers.map((provider) => provider.protocol).sort()).toEqual(['mcp', 'openapi', 'openrpc', 'pythoncall']);
  });

  it('resolves the built-in binding first and keeps the openapi validation provider in the registry', () => {
    const plan = runtime.bindings.explain(validateCapability());
    expect(plan.selection_source).toBe('preference_policy');
    expect(runtime.registry.bindings.get(plan.primary_binding_id)?.service).toBe('builtin');
    const openapi = runtime.registry.bindingsByCapability.get('data.schema.validate')?.filter((binding) => binding.protocol === 'openapi');
    expect(openapi?.map((binding) => binding.id).sort()).toEqual(['openapi_data_schema_validate_local', 'openapi_data_schema_validate_mock']);
  });

  it('answers a guard refusal with 409 when an openapi binding points at a host that is not allowed', async () => {
    const local = required(runtime.registry.bindings.get('openapi_data_schema_validate_local'), 'the local validation binding');
    const service = runtime.registry.services.get(local.service);
    const openapi = required(runtime.providers.find((provider) => provider.protocol === 'openapi'), 'the openapi provider');
    const call = openapi.call({
      binding: local,
      service,
      payload: { data: {}, schema: { type: 'object' } },
      signal: new AbortController().signal,
      timeoutMs: 2000,
      traceId: 't-guard',
    });
    await expect(call).rejects.toMatchObject({ code: 'invalid_configuration', status: 409 });
  });
});
