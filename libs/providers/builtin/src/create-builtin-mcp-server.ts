import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { BUILTIN_CAPABILITIES, type BuiltinCapability, type PageFetcher } from '@skill-service/baselines';
import { isServiceError } from '@skill-service/contracts';

export interface BuiltinMcpServerOptions {
  /** Lets `web.page.fetch` fetch pages; without it that tool answers `invalid_configuration`. */
  readonly fetchPage?: PageFetcher;
  /** Where to report a tool that failed unexpectedly (a bug, not a bad input). */
  readonly log?: (message: string) => void;
  /** The tools served; default every built-in capability. */
  readonly capabilities?: readonly BuiltinCapability[];
}

const SERVER_INFO = { name: 'skill-service-builtin', version: '0.1.0' };

function toolResult(output: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
}

function errorResult(code: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ code, message }) }] };
}

/**
 * The built-in capabilities as an MCP server: one tool per capability, named by its id, with the
 * capability's JSON Schemas as `inputSchema`/`outputSchema`. A result is `structuredContent` plus
 * its JSON text; a typed failure is `isError` with the JSON text `{code, message}` (the
 * contract's error codes: `invalid_request` for bad arguments, `invalid_configuration` for a
 * missing page fetcher, the fetcher's own codes); an unknown tool is the JSON-RPC error
 * InvalidParams, as the SDK's McpServer answers it. Built on the SDK's low-level `Server` because
 * `McpServer.registerTool` only takes zod shapes, and these schemas are JSON Schemas.
 */
export function createBuiltinMcpServer(options: BuiltinMcpServerOptions = {}): Server {
  const capabilities = options.capabilities ?? BUILTIN_CAPABILITIES;
  const byId = new Map(capabilities.map((capability) => [capability.id, capability]));
  const tools: Tool[] = capabilities.map((capability) => ({
    name: capability.id,
    description: capability.description,
    inputSchema: capability.inputSchema as Tool['inputSchema'],
    outputSchema: capability.outputSchema as NonNullable<Tool['outputSchema']>,
  }));
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: 'Deterministic text, data, table, web, PII, policy, code-diff and decision tools. Each tool name is a capability id.',
  });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const capability = byId.get(request.params.name);
    if (capability === undefined) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    try {
      const output = await capability.run(request.params.arguments ?? {}, {
        signal: extra.signal,
        ...(options.fetchPage === undefined ? {} : { fetchPage: options.fetchPage }),
      });
      return toolResult(output);
    } catch (error) {
      if (isServiceError(error)) return errorResult(error.code, error.message);
      options.log?.(`tool ${capability.id} failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return errorResult('internal_error', `Tool ${capability.id} failed unexpectedly.`);
    }
  });
  return server;
}
