import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { BUILTIN_CAPABILITIES, type PageFetcher } from '@skill-service/baselines';
import { createBuiltinMcpServer, type BuiltinMcpServerOptions } from './create-builtin-mcp-server.js';

interface Session {
  readonly client: Client;
  close(): Promise<void>;
}

async function connect(options: BuiltinMcpServerOptions = {}): Promise<Session> {
  const server = createBuiltinMcpServer(options);
  const client = new Client({ name: 'test', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

const errorOf = (result: unknown): unknown => JSON.parse((result as { content: { text: string }[] }).content[0]?.text ?? 'null');

describe('createBuiltinMcpServer', () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('lists one tool per capability, named by its id, with its JSON Schemas', async () => {
    session = await connect();
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(BUILTIN_CAPABILITIES.map((capability) => capability.id));
    const summarize = tools.find((tool) => tool.name === 'text.content.summarize');
    expect(summarize).toMatchObject({
      description: expect.stringContaining('Extractive summary') as unknown,
      inputSchema: { type: 'object', required: ['text'], properties: { text: { type: 'string' }, max_sentences: { type: 'integer', default: 3 } } },
      outputSchema: { type: 'object', required: ['summary', 'sentences', 'sentence_count', 'word_count'] },
    });
  });

  it('answers a call with structuredContent and its JSON text mirror, checked by the client against the output schema', async () => {
    session = await connect();
    await session.client.listTools(); // the client validates structured results of listed tools
    const result = await session.client.callTool({ name: 'text.content.compare', arguments: { a: 'red apples and pears', b: 'green apples' } });
    // Terms {red, apple, pear} and {green, apple}: cosine 1 / (√3 · √2), Jaccard 1 / 4.
    const expected = { cosine: 0.4082, jaccard: 0.25, shared_terms: ['apple'], terms_a: 3, terms_b: 2 };
    expect(result).toEqual({ content: [{ type: 'text', text: JSON.stringify(expected) }], structuredContent: expected });
  });

  it('reports bad arguments as isError with the JSON {code, message}', async () => {
    session = await connect();
    const result = await session.client.callTool({ name: 'text.content.compare', arguments: { a: 42 } });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toEqual({
      code: 'invalid_request',
      message: "Invalid input for capability 'text.content.compare': inputs.b is required; inputs.a must be string",
    });
  });

  it('answers an unknown tool with the JSON-RPC error InvalidParams, as McpServer does', async () => {
    session = await connect();
    const call = session.client.callTool({ name: 'no.such.tool', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining('Tool no.such.tool not found') as unknown });
  });

  it('fetches pages only with a fetcher: invalid_configuration without one', async () => {
    session = await connect();
    const result = await session.client.callTool({ name: 'web.page.fetch', arguments: { url: 'https://example.com/' } });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toMatchObject({ code: 'invalid_configuration' });
  });

  it('passes the fetcher the call\'s abort signal and limits', async () => {
    const fetchPage = jest.fn<PageFetcher>().mockResolvedValue({ status: 200, url: 'https://example.com/', contentType: 'text/html', body: '<p>hi</p>' });
    session = await connect({ fetchPage });
    const result = await session.client.callTool({ name: 'web.page.fetch', arguments: { url: 'https://example.com/', timeout_seconds: 3 } });
    expect(result.structuredContent).toEqual({ status: 200, ok: true, url: 'https://example.com/', content_type: 'text/html', body: '<p>hi</p>' });
    const [url, limits] = fetchPage.mock.calls[0] ?? [];
    expect([url, limits?.timeoutMs, limits?.maxBytes]).toEqual(['https://example.com/', 3000, 1_000_000]);
    expect(limits?.signal).toBeInstanceOf(AbortSignal);
  });

  it('turns an unexpected failure into internal_error without details, and logs it', async () => {
    const log = jest.fn<(message: string) => void>();
    const broken = { ...BUILTIN_CAPABILITIES[0], id: 'broken.tool', run: () => Promise.reject(new Error('secret /srv/path detail')) } as (typeof BUILTIN_CAPABILITIES)[number];
    session = await connect({ capabilities: [broken], log });
    const result = await session.client.callTool({ name: 'broken.tool', arguments: {} });
    expect(errorOf(result)).toEqual({ code: 'internal_error', message: 'Tool broken.tool failed unexpectedly.' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('secret /srv/path detail'));
  });
});
