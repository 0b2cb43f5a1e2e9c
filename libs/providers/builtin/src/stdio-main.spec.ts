import { describe, expect, it, jest } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';

// Spawning Node with tsx compiles the sources on the fly: allow for a slow, busy machine.
jest.setTimeout(60_000);

const ENTRY = fileURLToPath(new URL('./stdio-main.ts', import.meta.url));

describe('stdio-main', () => {
  it('serves the built-in tools over stdio to any MCP client, logging on stderr only', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@skill-service/source', '--import', 'tsx', ENTRY],
      cwd: fileURLToPath(new URL('../../../..', import.meta.url)),
      stderr: 'pipe',
    });
    const stderr: string[] = [];
    (transport.stderr as Readable).on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toEqual({ name: 'skill-service-builtin', version: '0.1.0' });
      const { tools } = await client.listTools();
      expect(tools.length).toBe(32);
      expect(tools.map((tool) => tool.name)).toContain('data.csv.parse');
      const result = await client.callTool({ name: 'data.csv.parse', arguments: { text: 'city,visits\n"Paris, FR",3\n', numbers: true } });
      expect(result.structuredContent).toEqual({ rows: [{ city: 'Paris, FR', visits: 3 }], columns: ['city', 'visits'], row_count: 1 });
      const refused = await client.callTool({ name: 'data.json.parse', arguments: { text: '{' } });
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
    }
    expect(stderr.join('')).toContain('[skill-service-builtin] serving 32 tools on stdio');
  });
});
