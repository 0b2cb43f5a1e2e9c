import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createBuiltinTools, type BuiltinToolsOptions } from './builtin-tools.js';

export type BuiltinMcpServerOptions = BuiltinToolsOptions;

/**
 * The built-in tools (`createBuiltinTools`) as an MCP server, for MCP hosts (over stdio) and for
 * anyone who wants the JSON-RPC path in-process. Built on the SDK's low-level `Server` because
 * `McpServer.registerTool` only takes zod shapes, and these schemas are JSON Schemas.
 */
export function createBuiltinMcpServer(options: BuiltinMcpServerOptions = {}): Server {
  const builtin = createBuiltinTools(options);
  const server = new Server(builtin.serverInfo, {
    capabilities: { tools: {} },
    instructions: 'Deterministic text, data, table, web, PII, policy, code-diff and decision tools. Each tool name is a capability id.',
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...builtin.tools] }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const result = await builtin.callTool(name, request.params.arguments ?? {}, extra.signal);
    if (result === undefined) throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`);
    return withTextMirror(result);
  });
  return server;
}

/** MCP asks a tool with structured output to send it as JSON text too, for clients that read only `content`. */
function withTextMirror(result: CallToolResult): CallToolResult {
  if (result.structuredContent === undefined || result.content.length > 0) return result;
  return { ...result, content: [{ type: 'text', text: JSON.stringify(result.structuredContent) }] };
}
