// A stdio MCP server for the provider's tests, run directly with `node`. It uses the SDK's
// low-level `Server`: `McpServer.registerTool` needs zod schemas for arguments, and zod is not a
// dependency of this package (the lint rule bans transitive imports). Plain JSON Schemas here.
import process from 'node:process';
import { setTimeout as wait } from 'node:timers/promises';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

const object = (properties = {}) => ({ type: 'object', properties });
const text = (value) => ({ content: [{ type: 'text', text: value }] });

const tools = {
  add: {
    inputSchema: object({ a: { type: 'number' }, b: { type: 'number' } }),
    run: ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }),
  },
  echo_text: { inputSchema: object(), run: (args) => text(JSON.stringify({ echoed: args })) },
  // The server's whole environment: which of the client's variables reached this process.
  environment: { inputSchema: object(), run: () => ({ content: [], structuredContent: { env: { ...process.env } } }) },
  plain_text: {
    inputSchema: object(),
    run: () => ({ content: [{ type: 'text', text: 'hello' }, { type: 'text', text: 'world' }] }),
  },
  fail: {
    inputSchema: object(),
    run: () => ({ content: [{ type: 'text', text: 'the widget\n\tis   broken' }], isError: true }),
  },
  slow: {
    inputSchema: object({ ms: { type: 'number' } }),
    // Honours cancellation: the SDK aborts `signal` on `notifications/cancelled`.
    run: async ({ ms }, { signal }) => {
      try {
        await wait(ms, undefined, { signal });
      } catch {
        process.stderr.write(`slow cancelled\n`);
        throw new McpError(ErrorCode.RequestTimeout, 'cancelled');
      }
      return { content: [], structuredContent: { waited: ms } };
    },
  },
  crash: {
    inputSchema: object(),
    run: () => {
      process.stderr.write('crashing on purpose\n');
      process.exit(1);
    },
  },
  pid: { inputSchema: object(), run: () => ({ content: [], structuredContent: { pid: process.pid } }) },
};

const server = new Server({ name: 'stdio-test-server', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: Object.entries(tools).map(([name, tool]) => ({ name, inputSchema: tool.inputSchema })),
}));
server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
  const tool = tools[request.params.name];
  // A protocol error, unlike McpServer, which answers an unknown tool with an isError result.
  if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
  return tool.run(request.params.arguments ?? {}, extra);
});

await server.connect(new StdioServerTransport());
process.stderr.write(`stdio-test-server ready pid=${process.pid}\n`);
