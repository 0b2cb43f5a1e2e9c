import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { ServiceError } from '@skill-service/contracts';
import { McpProvider } from './mcp-provider.js';
import { startHttpTestServer, type HttpTestServer } from './test-servers/http-test-server.js';
import { service, toolCall } from './test-servers/provider-calls.js';

describe('McpProvider over streamable HTTP', () => {
  let server: HttpTestServer;
  let provider: McpProvider | undefined;
  const remote = (fields: Record<string, unknown> = {}) =>
    service({ id: 'remote', base_url: server.url, auth: { type: 'bearer', token: '${MCP_TOKEN}' }, ...fields });

  beforeAll(async () => {
    server = await startHttpTestServer('s3cret');
  });
  afterEach(async () => {
    await provider?.close();
  });
  afterAll(async () => {
    await server.close();
  });

  it('connects with a bearer token from an ${ENV_VAR} placeholder and reuses the session', async () => {
    const checked: URL[] = [];
    provider = new McpProvider({
      env: { MCP_TOKEN: 's3cret', MCP_PORT: String(server.port) },
      allowHttp: async (url) => void checked.push(url),
    });
    const descriptor = remote({ base_url: 'http://127.0.0.1:${MCP_PORT}/mcp' });
    expect(await provider.call(toolCall(descriptor, 'whoami'))).toEqual({ server: 'http-test-server' });
    expect(await provider.call(toolCall(descriptor, 'whoami'))).toEqual({ server: 'http-test-server' });
    expect(server.rejected).toBe(0);
    // The guard is asked once, before connecting, with the resolved URL.
    expect(checked.map(String)).toEqual([server.url]);
    const health = await provider.health();
    expect(health.details['services']).toEqual({ remote: { transport: 'streamable-http', state: 'connected', connected: true, restarts: 0 } });
  });

  it('reports an unset placeholder as invalid_configuration naming the variable, before any request', async () => {
    provider = new McpProvider({ env: {} });
    const before = server.requests;
    await expect(provider.call(toolCall(remote(), 'whoami'))).rejects.toMatchObject({
      code: 'invalid_configuration',
      status: 409,
      message: 'Environment variable MCP_TOKEN is not set.',
    });
    expect(server.requests).toBe(before);
  });

  it('fails with the guard error, and sends nothing, when allowHttp refuses the URL', async () => {
    const refusal = new ServiceError('forbidden', 'Outbound request to 127.0.0.1 is blocked.');
    provider = new McpProvider({ env: { MCP_TOKEN: 's3cret' }, allowHttp: () => Promise.reject(refusal) });
    const before = server.requests;
    await expect(provider.call(toolCall(remote(), 'whoami'))).rejects.toBe(refusal);
    expect(server.requests).toBe(before);
  });

  it('reports a refused token as upstream_failure with the HTTP status', async () => {
    provider = new McpProvider({ env: { MCP_TOKEN: 'wrong' } });
    await expect(provider.call(toolCall(remote(), 'whoami'))).rejects.toMatchObject({
      code: 'upstream_failure',
      status: 502,
      message: expect.stringContaining("Could not connect to MCP server 'remote': the server answered HTTP 401"),
    });
    expect((await provider.health()).healthy).toBe(false);
  });

  it('reconnects with the new secret when the placeholder value changes', async () => {
    const env: Record<string, string> = { MCP_TOKEN: 'wrong' };
    provider = new McpProvider({ env, restartBackoffMs: 1 });
    await expect(provider.call(toolCall(remote(), 'whoami'))).rejects.toMatchObject({ code: 'upstream_failure' });
    env['MCP_TOKEN'] = 's3cret';
    expect(await provider.call(toolCall(remote(), 'whoami'))).toEqual({ server: 'http-test-server' });
  });

  it('reports an unreachable server as upstream_failure', async () => {
    provider = new McpProvider({ env: { MCP_TOKEN: 's3cret' } });
    const gone = await startHttpTestServer('s3cret');
    await gone.close();
    await expect(provider.call(toolCall(remote({ base_url: gone.url }), 'whoami'))).rejects.toMatchObject({
      code: 'upstream_failure',
      message: expect.stringContaining("Could not connect to MCP server 'remote': fetch failed"),
    });
  });
});
