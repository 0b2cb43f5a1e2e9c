// What of the server's environment reaches a stdio MCP server: the basics and what the descriptor
// declares, never the server's secrets (a real stdio server reports its process.env).
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { PlaceholderRules } from '@skill-service/bindings';
import { ServiceDescriptor } from '@skill-service/contracts';
import { McpProvider } from './mcp-provider.js';
import { STDIO_TEST_SERVER, toolCall } from './test-servers/provider-calls.js';

jest.setTimeout(60_000);

const SERVER_ENV = {
  PATH: process.env['PATH'] ?? '/usr/bin:/bin',
  LANG: 'C.UTF-8',
  TMPDIR: '/tmp',
  SERVICE_JWT_SECRET: 'jwt-secret-that-must-stay-in-the-server-0123',
  SERVICE_API_KEY: 'api-key-that-must-stay-in-the-server',
  OTEL_EXPORTER_OTLP_HEADERS: 'authorization=otel-token',
  SOME_OPERATOR_VARIABLE: 'arbitrary',
  PARTNER_TOKEN: 'partner-token-for-one-server',
};

const providers: McpProvider[] = [];
afterEach(async () => {
  await Promise.all(providers.splice(0).map((provider) => provider.close()));
});

function provider(allow?: readonly string[]): McpProvider {
  const created = new McpProvider({ env: SERVER_ENV, placeholderRules: new PlaceholderRules(allow), log: () => undefined });
  providers.push(created);
  return created;
}

const server = (env?: Record<string, string>): ServiceDescriptor =>
  ServiceDescriptor.parse({ id: 'env-test', protocol: 'mcp', command: process.execPath, args: [STDIO_TEST_SERVER], ...(env === undefined ? {} : { env }) });

async function serverEnv(mcp: McpProvider, descriptor: ServiceDescriptor): Promise<Record<string, string>> {
  return ((await mcp.call(toolCall(descriptor, 'environment', {}, { timeoutMs: 30_000 }))) as { env: Record<string, string> }).env;
}

describe('the environment of stdio MCP servers', () => {
  it('holds the basics and the declared variables, placeholders resolved; never the server secrets', async () => {
    const env = await serverEnv(provider(), server({ PARTNER_API_TOKEN: '${PARTNER_TOKEN}', MODE: 'strict' }));
    expect(env).toMatchObject({ PATH: SERVER_ENV.PATH, LANG: 'C.UTF-8', TMPDIR: '/tmp', PARTNER_API_TOKEN: SERVER_ENV.PARTNER_TOKEN, MODE: 'strict' });
    for (const name of ['SERVICE_JWT_SECRET', 'SERVICE_API_KEY', 'OTEL_EXPORTER_OTLP_HEADERS', 'SOME_OPERATOR_VARIABLE', 'PARTNER_TOKEN']) expect(env).not.toHaveProperty(name);
    const text = JSON.stringify(env);
    expect(text).not.toContain(SERVER_ENV.SERVICE_JWT_SECRET);
    expect(text).not.toContain(SERVER_ENV.SERVICE_API_KEY);
  });

  it('refuses a descriptor asking for ${SERVICE_JWT_SECRET}, naming the variable and why, and starts nothing', async () => {
    const mcp = provider();
    const refused = await mcp.call(toolCall(server({ STOLEN: '${SERVICE_JWT_SECRET}' }), 'environment')).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'invalid_configuration', message: expect.stringContaining('${SERVICE_JWT_SECRET} is refused: SERVICE_* variables') });
    const otel = await mcp.call(toolCall(server({ H: '${OTEL_EXPORTER_OTLP_HEADERS}' }), 'environment')).catch((error: unknown) => error);
    expect(otel).toMatchObject({ code: 'invalid_configuration', message: expect.stringContaining('OTEL_* variables') });
    expect((await mcp.health()).details).toMatchObject({ services: {} });
  });

  it('applies SERVICE_SECRET_ENV_ALLOW: only listed names or prefixes resolve', async () => {
    const mcp = provider(['PARTNER_*']);
    expect(await serverEnv(mcp, server({ T: '${PARTNER_TOKEN}' }))).toMatchObject({ T: SERVER_ENV.PARTNER_TOKEN });
    const refused = await mcp.call(toolCall(server({ X: '${SOME_OPERATOR_VARIABLE}' }), 'environment')).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'invalid_configuration', message: expect.stringContaining('SOME_OPERATOR_VARIABLE is not in SERVICE_SECRET_ENV_ALLOW') });
  });
});
