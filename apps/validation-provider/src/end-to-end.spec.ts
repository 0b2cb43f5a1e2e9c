import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mapResponse, renderRequest } from '@skill-service/bindings';
import { GuardedHttpClient, OutboundGuard } from '@skill-service/outbound-guard';
import { OpenApiProvider } from '@skill-service/provider-openapi';
import { formatDiagnostic, loadRegistry, type Registry } from '@skill-service/registry';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createValidationApp, type ValidationApp } from './app.js';

// The whole path a capability call takes to this provider: the repository's real service and
// binding files (through the registry loader), the binding's request template, the openapi
// provider behind the outbound guard (allow-listing only this port), the app on 127.0.0.1:0, and
// the binding's response mapping.

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixtureRegistry = fileURLToPath(new URL('./test-fixtures/registry/', import.meta.url));

let app: ValidationApp;
let server: Server;
let port: number;
let client: GuardedHttpClient;
let registry: Registry;

beforeAll(async () => {
  registry = await loadRegistry({ registryRoot: fixtureRegistry, runtimeRoot: repositoryRoot });
  app = createValidationApp();
  server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  client = new GuardedHttpClient({ guard: new OutboundGuard({ allow: [`127.0.0.1:${port}`] }) });
});

afterAll(async () => {
  client.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await app.close();
});

describe('data.schema.validate end to end', () => {
  it('loads the local and mock bindings and services from the repository', () => {
    const mine = registry.diagnostics.filter((d) => /data_schema_validate|data\.schema\.validate/.test(d.file));
    expect(mine.map(formatDiagnostic)).toEqual([]);
    expect(registry.services.get('data_schema_validate_local')).toMatchObject({ protocol: 'openapi', base_url: 'http://127.0.0.1:8780', timeout_seconds: 10 });
    expect(registry.services.get('data_schema_validate_mock')).toMatchObject({ protocol: 'openapi', base_url: 'http://127.0.0.1:8765', timeout_seconds: 5 });
    expect(registry.bindings.get('openapi_data_schema_validate_mock')).toMatchObject({ status: 'experimental', conformance_profile: 'experimental' });
  });

  it.each([
    ['a valid document', { name: 'John' }, { valid: true, errors: [] }],
    ['an invalid document', { name: 42 }, { valid: false, errors: ['/name must be string'] }],
  ])('validates %s through the openapi provider', async (_name, data, expected) => {
    const binding = registry.bindings.get('openapi_data_schema_validate_local');
    const descriptor = registry.services.get('data_schema_validate_local');
    if (binding === undefined || descriptor === undefined) throw new Error('binding or service not loaded');
    // Same descriptor, pointed at the port this test listens on.
    const service = { ...descriptor, base_url: `http://127.0.0.1:${port}` };
    const provider = new OpenApiProvider({ client, env: {} });
    const input = { data, schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } };
    const raw = await provider.call({
      binding,
      service,
      payload: renderRequest(binding.request, input),
      signal: new AbortController().signal,
      timeoutMs: 10_000,
      traceId: 'e2e-trace',
    });
    expect(mapResponse(binding.response, raw, binding.id)).toEqual(expected);
  });

  it('is refused by the guard when the port is not allow-listed', async () => {
    const binding = registry.bindings.get('openapi_data_schema_validate_local');
    const descriptor = registry.services.get('data_schema_validate_local');
    if (binding === undefined || descriptor === undefined) throw new Error('binding or service not loaded');
    const closed = new GuardedHttpClient({ guard: new OutboundGuard() });
    const provider = new OpenApiProvider({ client: closed, env: {} });
    const call = provider.call({
      binding,
      service: { ...descriptor, base_url: `http://127.0.0.1:${port}` },
      payload: { data: {}, schema: {} },
      signal: new AbortController().signal,
      timeoutMs: 5000,
      traceId: 'e2e-trace',
    });
    await expect(call).rejects.toMatchObject({ code: 'invalid_configuration' });
    closed.close();
  });
});
