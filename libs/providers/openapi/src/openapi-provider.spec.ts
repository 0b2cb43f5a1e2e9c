import { afterEach, describe, expect, it } from '@jest/globals';
import { PlaceholderRules, type ProviderCall } from '@skill-service/bindings';
import type { BindingDefinition, ServiceDescriptor } from '@skill-service/contracts';
// Tests wire the real guarded client exactly as the application does; the library itself only
// declares the port (adapters may not import each other), so this import is test-only.
import { GuardedHttpClient, OutboundGuard } from '@skill-service/outbound-guard';
import { sendJson, startTestServer, type TestHandler, type TestHttpServer } from '@skill-service/test-support';
import { OpenApiProvider } from './openapi-provider.js';
import { bindingDefinition, providerCall, serviceDescriptor } from './testing/provider-calls.js';

// Real servers on 127.0.0.1 (allow-listed per port): nothing here leaves loopback.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(handler: TestHandler): Promise<TestHttpServer> {
  const started = await startTestServer(handler);
  cleanups.push(started.close);
  return started;
}

function provider(allow: readonly string[], env: Record<string, string | undefined> = {}): OpenApiProvider {
  const client = new GuardedHttpClient({ guard: new OutboundGuard({ allow }) });
  cleanups.push(() => client.close());
  return new OpenApiProvider({ client, env });
}

interface Setup {
  service?: Partial<ServiceDescriptor>;
  binding?: Partial<BindingDefinition>;
  payload?: Record<string, unknown>;
  timeoutMs?: number;
  traceId?: string;
}

/** A call of `target` with fast retries (10 ms backoff) unless the binding says otherwise. */
function callTo(target: TestHttpServer, setup: Setup = {}): ProviderCall {
  return providerCall({
    service: serviceDescriptor({ base_url: target.origin, ...setup.service }),
    binding: bindingDefinition({ ...setup.binding, metadata: { retry_backoff_base: 0.01, ...setup.binding?.metadata } }),
    payload: setup.payload ?? { q: 1 },
    ...(setup.timeoutMs === undefined ? {} : { timeoutMs: setup.timeoutMs }),
    ...(setup.traceId === undefined ? {} : { traceId: setup.traceId }),
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

const echo: TestHandler = (req, res, body) =>
  sendJson(res, 200, { method: req.method, url: req.url, received: body === '' ? null : (JSON.parse(body) as unknown) });

describe('OpenApiProvider: requests', () => {
  it('POSTs the payload as JSON to <base_url>/<operation> and returns the parsed answer', async () => {
    const target = await server(echo);
    const answer = await provider([`127.0.0.1:${target.port}`]).call(
      callTo(target, { service: { base_url: `${target.origin}/api/` }, binding: { operation: '/v1/echo' }, payload: { text: 'héllo', n: [1, 2] } }),
    );
    expect(answer).toEqual({ method: 'POST', url: '/api/v1/echo', received: { text: 'héllo', n: [1, 2] } });
    expect(target.requests[0]?.headers['content-type']).toBe('application/json');
    expect(target.requests[0]?.headers['accept']).toBe('application/json');
  });

  it('uses metadata.method', async () => {
    const target = await server(echo);
    const answer = await provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { metadata: { method: 'put' } } }));
    expect(answer).toMatchObject({ method: 'PUT', received: { q: 1 } });
  });

  it.each([
    ['bearer', { type: 'bearer', token: 'tok-123' }, 'authorization', 'Bearer tok-123'],
    ['api_key (default header)', { type: 'api_key', token: 'key-123' }, 'x-api-key', 'key-123'],
    ['api_key (custom header)', { type: 'api_key', token: 'key-123', header: 'X-Custom-Key' }, 'x-custom-key', 'key-123'],
    ['basic (username/password)', { type: 'basic', username: 'ann', password: 'p:w' }, 'authorization', `Basic ${Buffer.from('ann:p:w').toString('base64')}`],
    ['basic (user:password token)', { type: 'basic', token: 'bob:secret' }, 'authorization', `Basic ${Buffer.from('bob:secret').toString('base64')}`],
  ] as const)('sends %s auth', async (_name, auth, header, expected) => {
    const target = await server(echo);
    await provider([`127.0.0.1:${target.port}`]).call(callTo(target, { service: { auth } }));
    expect(target.requests[0]?.headers[header]).toBe(expected);
  });

  it('merges descriptor and binding headers, the binding winning case-insensitively', async () => {
    const target = await server(echo);
    await provider([`127.0.0.1:${target.port}`]).call(
      callTo(target, {
        service: { headers: { 'X-Service': 'svc', 'X-Shared': 'from-service' } },
        binding: { metadata: { headers: { 'x-shared': 'from-binding', 'X-Version': 2 } } },
      }),
    );
    const headers = target.requests[0]?.headers ?? {};
    expect(headers).toMatchObject({ 'x-service': 'svc', 'x-shared': 'from-binding', 'x-version': '2' });
  });

  it('resolves ${ENV_VAR} in base_url, token and header values at call time', async () => {
    const target = await server(echo);
    const env: Record<string, string | undefined> = { RPC_PORT: String(target.port), API_TOKEN: 'first', TENANT: 'acme' };
    const openapi = provider([`127.0.0.1:${target.port}`], env);
    const setup: Setup = {
      service: { base_url: 'http://127.0.0.1:${RPC_PORT}', auth: { type: 'bearer', token: '${API_TOKEN}' }, headers: { 'X-Tenant': '${TENANT}-eu' } },
    };
    await openapi.call(callTo(target, setup));
    env.API_TOKEN = 'rotated';
    await openapi.call(callTo(target, setup));
    expect(target.requests.map((r) => [r.headers['authorization'], r.headers['x-tenant']])).toEqual([
      ['Bearer first', 'acme-eu'],
      ['Bearer rotated', 'acme-eu'],
    ]);
  });

  it('fails with 409 naming an unset variable, and sends nothing', async () => {
    const target = await server(echo);
    const openapi = provider([`127.0.0.1:${target.port}`], { OTHER_SECRET: 'do-not-leak' });
    const error = await failure(openapi.call(callTo(target, { service: { auth: { type: 'api_key', token: '${MISSING_KEY}' } } })));
    expect(error).toMatchObject({ code: 'invalid_configuration', status: 409 });
    expect(error.message).toContain('MISSING_KEY');
    expect(error.message).not.toContain('do-not-leak');
    const inUrl = await failure(openapi.call(callTo(target, { service: { base_url: 'http://${PROVIDER_HOST}:1' } })));
    expect(inUrl).toMatchObject({ code: 'invalid_configuration', message: expect.stringContaining('PROVIDER_HOST') });
    expect(target.connections()).toBe(0);
  });

  it('fails with 409 without a base_url', async () => {
    const openapi = provider([]);
    const call = providerCall({ service: serviceDescriptor({ id: 'nowhere' }) });
    expect(await failure(openapi.call(call))).toMatchObject({ code: 'invalid_configuration', message: expect.stringContaining("'nowhere' has no base_url") });
  });

  it('fails with 409 on invalid binding metadata', async () => {
    const target = await server(echo);
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { metadata: { response_mode: 'xml' } } })));
    expect(error).toMatchObject({ code: 'invalid_configuration', message: expect.stringContaining('metadata.response_mode') });
  });

  it('sends a traceparent carrying the trace id', async () => {
    const target = await server(echo);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await provider([`127.0.0.1:${target.port}`]).call(callTo(target, { traceId }));
    expect(target.requests[0]?.headers['traceparent']).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  });

  it('refuses a payload above max_request_bytes with 400, sending nothing', async () => {
    const target = await server(echo);
    const error = await failure(
      provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { metadata: { max_request_bytes: 100 } }, payload: { text: 'x'.repeat(200) } })),
    );
    expect(error).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(target.connections()).toBe(0);
  });

  it('is blocked with 409 when the address is not allow-listed, and the server sees nothing', async () => {
    const target = await server(echo);
    const error = await failure(provider([]).call(callTo(target)));
    expect(error).toMatchObject({ code: 'invalid_configuration', status: 409, message: expect.stringContaining('blocked') });
    expect(target.connections()).toBe(0);
  });
});

describe('OpenApiProvider: answers', () => {
  it('maps a final 500 to 502 with a short, secret-free preview', async () => {
    const body = `Internal   error\n\n while using token super-secret-token ${'detail '.repeat(60)}`;
    const target = await server((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(body);
    });
    const call = callTo(target, { service: { auth: { type: 'bearer', token: 'super-secret-token' } } });
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(call));
    expect(error).toMatchObject({ code: 'upstream_failure', status: 502, details: { status: 500 } });
    const preview = (error.details as { body_preview: string }).body_preview;
    expect(preview.length).toBeLessThanOrEqual(180);
    expect(preview.startsWith('Internal error while using token ***')).toBe(true);
    expect(error.message).toContain('HTTP 500');
    expect(error.message).not.toContain('super-secret-token');
    expect(error.message).not.toContain(target.origin);
  });

  it.each([400, 404, 422])('maps a %i from the provider to 400 invalid_request (caller input)', async (status) => {
    const target = await server((_req, res) => sendJson(res, status, { error: 'name is required' }));
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target)));
    expect(error).toMatchObject({ code: 'invalid_request', status: 400, message: expect.stringContaining('name is required') });
    expect(target.requests).toHaveLength(1);
  });

  it('maps a 401 to 409 (the configured credentials were refused)', async () => {
    const target = await server((_req, res) => sendJson(res, 401, { error: 'bad key' }));
    expect(await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target)))).toMatchObject({ code: 'invalid_configuration' });
  });

  it('retries a 503 and returns the following 200', async () => {
    const target = await server((_req, res, _body, index) => (index === 0 ? sendJson(res, 503, { error: 'busy' }) : sendJson(res, 200, { ok: true })));
    expect(await provider([`127.0.0.1:${target.port}`]).call(callTo(target))).toEqual({ ok: true });
    expect(target.requests).toHaveLength(2);
  });

  it('honours Retry-After between attempts', async () => {
    const target = await server((_req, res, _body, index) =>
      index === 0 ? sendJson(res, 429, { error: 'slow down' }, { 'retry-after': '1' }) : sendJson(res, 200, { ok: true }),
    );
    const started = performance.now();
    expect(await provider([`127.0.0.1:${target.port}`]).call(callTo(target))).toEqual({ ok: true });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(target.requests).toHaveLength(2);
  });

  it('gives up after retry_count retries with 502', async () => {
    const target = await server((_req, res) => sendJson(res, 502, { error: 'bad gateway' }));
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { metadata: { retry_count: 1 } } })));
    expect(error).toMatchObject({ code: 'upstream_failure', status: 502 });
    expect(target.requests).toHaveLength(2);
  });

  it('maps a final 504 from the provider to upstream_timeout', async () => {
    const target = await server((_req, res) => sendJson(res, 504, { error: 'upstream took too long' }));
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { metadata: { retry_count: 0 } } })));
    expect(error).toMatchObject({ code: 'upstream_timeout', status: 504 });
  });

  it('times out with 504 at the binding timeout', async () => {
    const target = await server(() => undefined);
    const started = performance.now();
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { metadata: { timeout_seconds: 0.2 } } })));
    expect(error).toMatchObject({ code: 'upstream_timeout', status: 504 });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('times out with 504 at the call timeout when it is shorter than the descriptor timeout', async () => {
    const target = await server(() => undefined);
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target, { service: { timeout_seconds: 30 }, timeoutMs: 150 })));
    expect(error).toMatchObject({ code: 'upstream_timeout', status: 504 });
  });

  it('refuses a response above max_response_bytes with 502', async () => {
    const target = await server((_req, res) => sendJson(res, 200, { blob: 'x'.repeat(5000) }));
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { metadata: { max_response_bytes: 1000 } } })));
    expect(error).toMatchObject({ code: 'upstream_failure', status: 502 });
  });

  it('refuses a non-JSON answer in json mode with 502', async () => {
    const target = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html>hi</html>');
    });
    const error = await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target)));
    expect(error).toMatchObject({ code: 'upstream_failure', message: "Provider 'svc' answered text/html, expected JSON" });
  });

  it('refuses malformed JSON with 502', async () => {
    const target = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"a":');
    });
    expect(await failure(provider([`127.0.0.1:${target.port}`]).call(callTo(target)))).toMatchObject({ code: 'upstream_failure' });
  });

  it('answers {} for a 204', async () => {
    const target = await server((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    expect(await provider([`127.0.0.1:${target.port}`]).call(callTo(target))).toEqual({});
  });

  it('answers {text} in text mode', async () => {
    const target = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('plain words');
    });
    const answer = await provider([`127.0.0.1:${target.port}`]).call(callTo(target, { binding: { metadata: { response_mode: 'text' } } }));
    expect(answer).toEqual({ text: 'plain words' });
  });

  it('answers {body, content_type} in raw mode, base64 for binary bodies', async () => {
    const target = await server((_req, res, _body, index) => {
      if (index === 0) {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.end('a,b\n1,2\n');
      } else {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.from([0, 255, 1]));
      }
    });
    const openapi = provider([`127.0.0.1:${target.port}`]);
    const call = callTo(target, { binding: { metadata: { response_mode: 'raw' } } });
    expect(await openapi.call(call)).toEqual({ body: 'a,b\n1,2\n', content_type: 'text/csv' });
    expect(await openapi.call(call)).toEqual({ body: 'AP8B', content_type: 'application/octet-stream', encoding: 'base64' });
  });

  it('adds content_json to chat-completion answers whose content is JSON', async () => {
    const target = await server((_req, res) => sendJson(res, 200, { choices: [{ message: { content: '```json\n{"label":"spam"}\n```' } }] }));
    const answer = await provider([`127.0.0.1:${target.port}`]).call(callTo(target));
    expect(answer).toEqual({ choices: [{ message: { content: '```json\n{"label":"spam"}\n```', content_json: { label: 'spam' } } }] });
  });

  it('fails with 502 when the provider dies mid-call, and the next call works', async () => {
    const target = await server((req, res, _body, index) => (index === 0 ? req.socket.destroy() : sendJson(res, 200, { ok: true })));
    const openapi = provider([`127.0.0.1:${target.port}`]);
    expect(await failure(openapi.call(callTo(target)))).toMatchObject({ code: 'upstream_failure', status: 502 });
    expect(await openapi.call(callTo(target))).toEqual({ ok: true });
  });
});

describe('OpenApiProvider: health', () => {
  it('reports each service called and its last outcome', async () => {
    const target = await server((_req, res, _body, index) => (index === 0 ? sendJson(res, 200, {}) : sendJson(res, 500, {})));
    const openapi = provider([`127.0.0.1:${target.port}`]);
    await openapi.call(callTo(target, { service: { id: 'alpha' } }));
    expect(await openapi.health()).toMatchObject({ protocol: 'openapi', healthy: true, details: { services: { alpha: { calls: 1, last_outcome: 'success' } } } });
    await failure(openapi.call(callTo(target, { service: { id: 'beta' }, binding: { metadata: { retry_count: 0 } } })));
    const health = await openapi.health();
    expect(health.healthy).toBe(false);
    expect(health.details).toMatchObject({ services: { alpha: { last_outcome: 'success' }, beta: { calls: 1, failures: 1, last_outcome: 'upstream_failure' } } });
  });
});

describe('OpenApiProvider: placeholders that would leak the server\'s own settings', () => {
  const env = { SERVICE_JWT_SECRET: 'jwt-secret-that-must-stay-in-the-server-0123', OTEL_EXPORTER_OTLP_HEADERS: 'x=1', PARTNER_TOKEN: 'partner-token', OTHER: 'other' };

  function guarded(target: TestHttpServer, allow?: readonly string[]): OpenApiProvider {
    const client = new GuardedHttpClient({ guard: new OutboundGuard({ allow: [`127.0.0.1:${target.port}`] }) });
    cleanups.push(() => client.close());
    return new OpenApiProvider({ client, env, placeholderRules: new PlaceholderRules(allow) });
  }

  it.each([
    ['a header asking for ${SERVICE_JWT_SECRET}', { headers: { 'x-leak': 'Bearer ${SERVICE_JWT_SECRET}' } }, '${SERVICE_JWT_SECRET} is refused: SERVICE_* variables'],
    ['a bearer token from ${OTEL_EXPORTER_OTLP_HEADERS}', { auth: { type: 'bearer' as const, token: '${OTEL_EXPORTER_OTLP_HEADERS}' } }, '${OTEL_EXPORTER_OTLP_HEADERS} is refused: OTEL_* variables'],
  ])('refuses %s naming the variable and why, and sends no request', async (_what, service, message) => {
    const target = await server(echo);
    const refused = await failure(guarded(target).call(callTo(target, { service })));
    expect(refused).toMatchObject({ code: 'invalid_configuration', status: 409, message: expect.stringContaining(message) });
    expect(refused.message).not.toContain(env.SERVICE_JWT_SECRET);
    expect(target.requests).toHaveLength(0);
  });

  it('with SERVICE_SECRET_ENV_ALLOW, resolves listed names only and sends nothing for the others', async () => {
    const target = await server(echo);
    const provider = guarded(target, ['PARTNER_*']);
    await provider.call(callTo(target, { service: { headers: { 'x-partner': '${PARTNER_TOKEN}' } } }));
    expect(target.requests.map((request) => request.headers['x-partner'])).toEqual(['partner-token']);
    const refused = await failure(provider.call(callTo(target, { service: { headers: { 'x-other': '${OTHER}' } } })));
    expect(refused).toMatchObject({ code: 'invalid_configuration', message: expect.stringContaining('OTHER is not in SERVICE_SECRET_ENV_ALLOW') });
    expect(target.requests).toHaveLength(1);
  });
});
