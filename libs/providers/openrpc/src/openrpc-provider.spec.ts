import { afterEach, describe, expect, it } from '@jest/globals';
import type { ProviderCall } from '@skill-service/bindings';
import type { BindingDefinition, ServiceDescriptor } from '@skill-service/contracts';
// Tests wire the real guarded client exactly as the application does; the library itself only
// declares the port (adapters may not import each other), so this import is test-only.
import { GuardedHttpClient, OutboundGuard } from '@skill-service/outbound-guard';
import { sendJson, startTestServer, type TestHandler, type TestHttpServer } from '@skill-service/test-support';
import { OpenRpcProvider } from './openrpc-provider.js';
import { jsonRpcHandler, RpcFault, sum } from './testing/json-rpc-test-server.js';
import { bindingDefinition, providerCall, serviceDescriptor } from './testing/provider-calls.js';

// A real JSON-RPC server on 127.0.0.1 (allow-listed per port): nothing here leaves loopback.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(handler: TestHandler): Promise<TestHttpServer> {
  const started = await startTestServer(handler);
  cleanups.push(started.close);
  return started;
}

function provider(allow: readonly string[], env: Record<string, string | undefined> = {}): OpenRpcProvider {
  const client = new GuardedHttpClient({ guard: new OutboundGuard({ allow }) });
  cleanups.push(() => client.close());
  return new OpenRpcProvider({ client, env });
}

interface Setup {
  service?: Partial<ServiceDescriptor>;
  binding?: Partial<BindingDefinition>;
  payload?: Record<string, unknown>;
  timeoutMs?: number;
}

function callTo(target: TestHttpServer, setup: Setup = {}): ProviderCall {
  return providerCall({
    service: serviceDescriptor({ base_url: `${target.origin}/rpc`, ...setup.service }),
    binding: bindingDefinition(setup.binding),
    payload: setup.payload ?? { a: 2, b: 3 },
    ...(setup.timeoutMs === undefined ? {} : { timeoutMs: setup.timeoutMs }),
  });
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; status: number; message: string; details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; status: number; message: string };
  }
  throw new Error('expected the call to fail');
}

const rpc = jsonRpcHandler({
  sum,
  fail: () => {
    throw new RpcFault(-32000, 'database   is\n down');
  },
  nothing: () => null,
});

describe('OpenRpcProvider', () => {
  it('POSTs a JSON-RPC 2.0 request to base_url and returns the result', async () => {
    const target = await server(rpc);
    const answer = await provider([`127.0.0.1:${target.port}`]).call(callTo(target));
    expect(answer).toEqual({ total: 5 });
    const seen = target.requests[0];
    expect(seen).toMatchObject({ method: 'POST', url: '/rpc' });
    expect(seen?.headers['content-type']).toBe('application/json');
    const request = JSON.parse(seen?.body ?? '') as Record<string, unknown>;
    expect(request).toEqual({ jsonrpc: '2.0', method: 'sum', params: { a: 2, b: 3 }, id: expect.any(String) });
  });

  it('uses a fresh id per call', async () => {
    const target = await server(rpc);
    const openrpc = provider([`127.0.0.1:${target.port}`]);
    await openrpc.call(callTo(target));
    await openrpc.call(callTo(target));
    const ids = target.requests.map((r) => (JSON.parse(r.body) as { id: string }).id);
    expect(new Set(ids).size).toBe(2);
  });

  it('returns a null result as is', async () => {
    const target = await server(rpc);
    expect(await provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { operation: 'nothing' } }))).toBeNull();
  });

  it('maps an application error member to 502 with its code and message', async () => {
    const target = await server(rpc);
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { operation: 'fail' } })));
    expect(error).toMatchObject({
      code: 'upstream_failure',
      status: 502,
      message: "Provider 'svc' answered 'fail' with JSON-RPC error -32000: database is down",
      details: { rpc_code: -32000 },
    });
  });

  it('maps invalid params to 400', async () => {
    const target = await server(rpc);
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target, { payload: { a: 'two' } })));
    expect(error).toMatchObject({ code: 'invalid_request', status: 400, message: expect.stringContaining('a and b must be numbers') });
  });

  it('maps method not found to 409', async () => {
    const target = await server(rpc);
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { operation: 'nope' } })));
    expect(error).toMatchObject({ code: 'invalid_configuration', status: 409, message: expect.stringContaining("has no method 'nope'") });
  });

  it('refuses an answer with a mismatched id with 502', async () => {
    const target = await server((_req, res) => sendJson(res, 200, { jsonrpc: '2.0', result: { total: 5 }, id: 'someone-else' }));
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target)));
    expect(error).toMatchObject({ code: 'upstream_failure', message: expect.stringContaining('mismatched id "someone-else"') });
  });

  it('refuses an answer without a result with 502', async () => {
    const target = await server((_req, res, body) => sendJson(res, 200, { jsonrpc: '2.0', id: (JSON.parse(body) as { id: string }).id }));
    expect(await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target)))).toMatchObject({
      code: 'upstream_failure',
      message: "Provider 'svc' answered 'sum' without a result",
    });
  });

  it('refuses a non-JSON answer with 502', async () => {
    const target = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<h1>gateway</h1>');
    });
    expect(await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target)))).toMatchObject({
      code: 'upstream_failure',
      message: "Provider 'svc' answered text/html, expected JSON",
    });
  });

  it('maps a non-2xx without a JSON-RPC error to 502 with a preview', async () => {
    const target = await server((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('boom\n\ttrace');
    });
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target)));
    expect(error).toMatchObject({ code: 'upstream_failure', message: "Provider 'svc' answered HTTP 500 for 'sum': boom trace" });
    expect(target.requests).toHaveLength(1);
  });

  it('does not retry a 503 without Retry-After (the call may have acted)', async () => {
    const target = await server((_req, res) => sendJson(res, 503, { error: 'busy' }));
    expect(await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target)))).toMatchObject({ code: 'upstream_failure' });
    expect(target.requests).toHaveLength(1);
  });

  it('retries a 429 or 503 that asks to come back with Retry-After', async () => {
    const target = await server((req, res, body, index) => {
      if (index === 0) return sendJson(res, 429, { error: 'slow down' }, { 'retry-after': '0' });
      if (index === 1) return sendJson(res, 503, { error: 'busy' }, { 'retry-after': '0' });
      return rpc(req, res, body, index);
    });
    expect(await provider([`127.0.0.1:${target.port}`]).call(callTo(target))).toEqual({ total: 5 });
    expect(target.requests).toHaveLength(3);
  });

  it('sends the descriptor auth and headers, placeholders resolved', async () => {
    const target = await server(rpc);
    const env = { RPC_KEY: 'k-123', RPC_PORT: String(target.port) };
    const call = callTo(target, {
      service: { base_url: 'http://127.0.0.1:${RPC_PORT}/rpc', auth: { type: 'api_key', token: '${RPC_KEY}', header: 'X-Rpc-Key' }, headers: { 'X-Team': 'docs' } },
      binding: { metadata: { headers: { 'X-Team': 'binding' } } },
    });
    await provider([`127.0.0.1:${target.port}`], env).call(call);
    expect(target.requests[0]?.headers).toMatchObject({ 'x-rpc-key': 'k-123', 'x-team': 'binding' });
  });

  it('fails with 409 naming an unset placeholder, sending nothing', async () => {
    const target = await server(rpc);
    const call = callTo(target, { service: { auth: { type: 'bearer', token: '${RPC_TOKEN}' } } });
    const error = await failure(provider([`127.0.0.1:${target.port}`], {}).call(call));
    expect(error).toMatchObject({ code: 'invalid_configuration', status: 409, message: 'Environment variable RPC_TOKEN is not set.' });
    expect(target.connections()).toBe(0);
  });

  it('is blocked with 409 when the address is not allow-listed, and the server sees nothing', async () => {
    const target = await server(rpc);
    const error = await failure(provider([]).call(callTo(target)));
    expect(error).toMatchObject({ code: 'invalid_configuration', status: 409, message: expect.stringContaining('blocked') });
    expect(target.connections()).toBe(0);
  });

  it('times out with 504 and does not repeat the call', async () => {
    const target = await server(() => undefined);
    const started = performance.now();
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { metadata: { timeout_seconds: 0.2 } } })));
    expect(error).toMatchObject({ code: 'upstream_timeout', status: 504 });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(target.requests).toHaveLength(1);
  });

  it('refuses a payload above max_request_bytes with 400', async () => {
    const target = await server(rpc);
    const call = callTo(target, { binding: { metadata: { max_request_bytes: 64 } }, payload: { text: 'x'.repeat(100) } });
    expect(await failure(provider([`127.0.0.1:${target.port}`]).call(call))).toMatchObject({ code: 'invalid_request' });
    expect(target.connections()).toBe(0);
  });

  it('reports the services called in health', async () => {
    const target = await server(rpc);
    const openrpc = provider([`127.0.0.1:${target.port}`]);
    await openrpc.call(callTo(target));
    await failure(openrpc.call(callTo(target, { binding: { operation: 'fail' } })));
    expect(await openrpc.health()).toMatchObject({
      protocol: 'openrpc',
      healthy: false,
      details: { services: { svc: { calls: 2, failures: 1, last_outcome: 'upstream_failure' } } },
    });
  });
});
