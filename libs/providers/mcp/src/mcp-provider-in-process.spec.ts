import { afterEach, describe, expect, it } from '@jest/globals';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpProvider } from './mcp-provider.js';
import { service, toolCall } from './test-servers/provider-calls.js';

describe('McpProvider with an in-process server', () => {
  let provider: McpProvider;
  let servers: McpServer[];

  const start = (): McpProvider => {
    servers = [];
    provider = new McpProvider({
      inProcessServers: {
        builtin: () => {
          const server = new McpServer({ name: 'builtin', version: '1.0.0' });
          // Reports the pid it runs in: the test's own, as nothing is spawned.
          server.registerTool('where', { description: 'Where this tool runs.' }, () => ({
            content: [{ type: 'text', text: 'here' }],
            structuredContent: { pid: process.pid },
          }));
          servers.push(server);
          return server;
        },
      },
    });
    return provider;
  };
  const builtin = service({ id: 'builtin-tools', server: 'builtin' });

  afterEach(async () => {
    await provider.close();
  });

  it('calls the tool in this process through one linked in-memory session', async () => {
    start();
    expect(await provider.call(toolCall(builtin, 'where'))).toEqual({ pid: process.pid });
    expect(await provider.call(toolCall(builtin, 'where'))).toEqual({ pid: process.pid });
    expect(servers).toHaveLength(1);
    expect((await provider.health()).details['services']).toEqual({
      'builtin-tools': { transport: 'in-process', state: 'connected', connected: true, restarts: 0 },
    });
  });

  it("maps McpServer's isError answer for an unknown tool to invalid_configuration", async () => {
    start();
    await expect(provider.call(toolCall(builtin, 'nowhere'))).rejects.toMatchObject({
      code: 'invalid_configuration',
      status: 409,
      message: "MCP service 'builtin-tools' has no tool 'nowhere': Tool nowhere not found",
    });
  });

  it('rejects a service naming an unregistered in-process server', async () => {
    start();
    await expect(provider.call(toolCall(service({ id: 'x', server: 'missing' }), 'where'))).rejects.toMatchObject({
      code: 'invalid_configuration',
      message: "MCP service 'x' names in-process server 'missing', which is not registered.",
    });
  });

  it('close() closes the server side too', async () => {
    start();
    await provider.call(toolCall(builtin, 'where'));
    expect(servers[0]?.isConnected()).toBe(true);
    await provider.close();
    expect(servers[0]?.isConnected()).toBe(false);
  });
});
