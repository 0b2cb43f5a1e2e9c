import type { ProviderCall } from '@skill-service/bindings';
import type { BindingDefinition, ServiceDescriptor } from '@skill-service/contracts';

// Test support only (not exported): canonical descriptors and calls with the schema defaults filled.

export function serviceDescriptor(overrides: Partial<ServiceDescriptor> = {}): ServiceDescriptor {
  return { id: 'svc', protocol: 'openapi', headers: {}, args: [], metadata: {}, ...overrides };
}

export function bindingDefinition(overrides: Partial<BindingDefinition> = {}): BindingDefinition {
  return {
    id: 'binding',
    capability: 'test.capability',
    service: overrides.service ?? 'svc',
    protocol: 'openapi',
    operation: 'op',
    origin: 'official',
    conformance_profile: 'standard',
    metadata: {},
    ...overrides,
  };
}

export interface CallParts {
  service?: ServiceDescriptor | undefined;
  binding?: BindingDefinition;
  payload?: Record<string, unknown>;
  timeoutMs?: number;
  traceId?: string;
  signal?: AbortSignal;
}

export function providerCall(parts: CallParts = {}): ProviderCall {
  return {
    binding: parts.binding ?? bindingDefinition(),
    service: 'service' in parts ? parts.service : serviceDescriptor(),
    payload: parts.payload ?? {},
    signal: parts.signal ?? new AbortController().signal,
    timeoutMs: parts.timeoutMs ?? 5000,
    traceId: parts.traceId ?? 'trace-test',
  };
}
