import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { BUILTIN_CAPABILITIES, type BuiltinCapability, type PageFetcher } from '@skill-service/baselines';
import { isServiceError } from '@skill-service/contracts';

export interface BuiltinToolsOptions {
  /** Lets `web.page.fetch` fetch pages; without it that tool answers `invalid_configuration`. */
  readonly fetchPage?: PageFetcher;
  /** Where to report a tool that failed unexpectedly (a bug, not a bad input). */
  readonly log?: (message: string) => void;
  /** The tools served; default every built-in capability. */
  readonly capabilities?: readonly BuiltinCapability[];
}

/** The built-in capabilities as MCP tools: what the MCP server serves, callable without it. */
export interface BuiltinTools {
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** One tool per capability, named by its id, with its JSON Schemas as input/output schema. */
  readonly tools: readonly Tool[];
  /**
   * A `tools/call`: the output as `structuredContent` (the MCP server adds its JSON text for
   * clients that read only `content`; a direct caller does not pay for it); a typed failure is `isError` with the
   * JSON text `{code, message}` (the contract's codes: `invalid_request` for bad arguments,
   * `invalid_configuration` without a page fetcher, the fetcher's own); `undefined` for an unknown
   * tool (the MCP server answers it with InvalidParams, as the SDK's McpServer does).
   */
  callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult | undefined>;
}

const SERVER_INFO = { name: 'skill-service-builtin', version: '0.1.0' };

function toolResult(output: Record<string, unknown>): CallToolResult {
  return { content: [], structuredContent: output };
}

function errorResult(code: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ code, message }) }] };
}

export function createBuiltinTools(options: BuiltinToolsOptions = {}): BuiltinTools {
  const capabilities = options.capabilities ?? BUILTIN_CAPABILITIES;
  const byId = new Map(capabilities.map((capability) => [capability.id, capability]));
  const tools: Tool[] = capabilities.map((capability) => ({
    name: capability.id,
    description: capability.description,
    inputSchema: capability.inputSchema as Tool['inputSchema'],
    outputSchema: capability.outputSchema as NonNullable<Tool['outputSchema']>,
  }));
  const fetchPage = options.fetchPage === undefined ? {} : { fetchPage: options.fetchPage };

  return {
    serverInfo: SERVER_INFO,
    tools,
    async callTool(name, args, signal) {
      const capability = byId.get(name);
      if (capability === undefined) return undefined;
      try {
        return toolResult(await capability.run(args, { signal, ...fetchPage }));
      } catch (error) {
        if (isServiceError(error)) return errorResult(error.code, error.message);
        options.log?.(`tool ${capability.id} failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return errorResult('internal_error', `Tool ${capability.id} failed unexpectedly.`);
      }
    },
  };
}
