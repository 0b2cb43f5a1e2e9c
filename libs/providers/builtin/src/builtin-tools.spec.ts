import { describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { BUILTIN_CAPABILITIES } from '@skill-service/baselines';
import { createBuiltinTools } from './builtin-tools.js';
import { createBuiltinMcpServer } from './create-builtin-mcp-server.js';

const never = new AbortController().signal;

/** The same calls through the MCP server, for parity. */
async function viaServer<T>(use: (client: Client) => Promise<T>): Promise<T> {
  const server = createBuiltinMcpServer();
  const client = new Client({ name: 'test', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    return await use(client);
  } finally {
    await client.close();
    await server.close();
  }
}

describe('createBuiltinTools', () => {
  const builtin = createBuiltinTools();

  it('offers the tools the MCP server lists, and names the server', async () => {
    const listed = await viaServer((client) => client.listTools());
    expect(builtin.tools.map((tool) => tool.name)).toEqual(BUILTIN_CAPABILITIES.map((capability) => capability.id));
    expect(listed.tools).toEqual(builtin.tools);
    expect(builtin.serverInfo).toEqual({ name: 'skill-service-builtin', version: '0.1.0' });
  });

  it('answers with the structured output the server sends, without the JSON text the server adds for text-only clients', async () => {
    const args = { a: 'red apples and pears', b: 'green apples' };
    const direct = await builtin.callTool('text.content.compare', args, never);
    const served = await viaServer((client) => client.callTool({ name: 'text.content.compare', arguments: args }));
    expect(direct).toEqual({ content: [], structuredContent: { cosine: 0.4082, jaccard: 0.25, shared_terms: ['apple'], terms_a: 3, terms_b: 2 } });
    expect(served['structuredContent']).toEqual(direct?.structuredContent);
    expect(served['content']).toEqual([{ type: 'text', text: JSON.stringify(direct?.structuredContent) }]);
  });

  it('reports bad arguments exactly as the server does: isError with the JSON {code, message}', async () => {
    const direct = await builtin.callTool('text.content.compare', { a: 42 }, never);
    const served = await viaServer((client) => client.callTool({ name: 'text.content.compare', arguments: { a: 42 } }));
    expect(direct).toEqual(served);
    expect(direct?.isError).toBe(true);
    expect(JSON.parse((direct?.content[0] as { text: string }).text)).toMatchObject({ code: 'invalid_request' });
  });

  it('answers undefined for an unknown tool, which the server turns into McpError InvalidParams', async () => {
    expect(await builtin.callTool('no.such.tool', {}, never)).toBeUndefined();
    const served = viaServer((client) => client.callTool({ name: 'no.such.tool', arguments: {} }));
    await expect(served).rejects.toBeInstanceOf(McpError);
    await expect(served).rejects.toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining('Tool no.such.tool not found') as unknown });
  });

  it('hands the caller\'s signal to the capability: an aborted page fetch stops', async () => {
    const controller = new AbortController();
    let fetching: (signal: AbortSignal) => void = () => undefined;
    const called = new Promise<AbortSignal>((resolve) => (fetching = resolve));
    const tools = createBuiltinTools({
      fetchPage: (_url, { signal }) => {
        fetching(signal);
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
      },
    });
    const call = tools.callTool('web.page.fetch', { url: 'https://example.com/' }, controller.signal);
    const seen = await called;
    controller.abort();
    const result = await call;
    expect(seen.aborted).toBe(true);
    expect(result?.isError).toBe(true);
  });
});
