// A stdio MCP server for the end-to-end fault tests, run with `node` (the pattern of
// libs/providers/mcp/src/test-servers/stdio-test-server.mjs: the SDK's low-level `Server` with plain
// JSON Schemas). `summarize_or_exit` kills the whole server in the middle of the call while the
// flag file `mcp-exit` exists in $E2E_FAULT_DIR; `whoami` always answers.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

const faultOn = (name) => {
  const folder = process.env.E2E_FAULT_DIR ?? '';
  return folder !== '' && existsSync(join(folder, name));
};

const tools = {
  summarize_or_exit: {
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    run: ({ text }) => {
      if (faultOn('mcp-exit')) {
        process.stderr.write(`flaky-mcp-server: exiting mid-call pid=${process.pid}\n`);
        process.exit(1);
      }
      const summary = String(text).split(/\s+/).filter(Boolean).slice(0, 4).join(' ');
      return { content: [{ type: 'text', text: summary }], structuredContent: { summary, pid: process.pid } };
    },
  },
  whoami: {
    inputSchema: { type: 'object', properties: {} },
    run: () => ({ content: [], structuredContent: { pid: process.pid } }),
  },
};

const server = new Server({ name: 'flaky-mcp-server', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: Object.entries(tools).map(([name, tool]) => ({ name, inputSchema: tool.inputSchema })),
}));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const tool = Object.hasOwn(tools, request.params.name) ? tools[request.params.name] : undefined;
  if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
  return tool.run(request.params.arguments ?? {});
});

await server.connect(new StdioServerTransport());
process.stderr.write(`flaky-mcp-server ready pid=${process.pid}\n`);
