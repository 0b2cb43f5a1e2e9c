/**
 * @skill-service/provider-mcp — the `mcp` protocol provider. Calls tools of MCP servers through
 * the official SDK client: stdio servers are spawned once, initialised, reused and respawned after
 * a crash; remote servers are reached over streamable HTTP (auth headers, `${ENV_VAR}` secrets,
 * outbound-guard hook); in-process servers are reached through a linked in-memory transport, and
 * in-process tool sets (the built-in capabilities) are called directly with the same results.
 */
export { McpProvider } from './mcp-provider.js';
export type { InProcessTools, McpLogEntry, McpProviderOptions, McpServerLike, McpTransportKind } from './mcp-provider-options.js';
export type { ToolCallResult } from './tool-result.js';
export type { ServiceHealth as McpServiceHealth } from './service-slot.js';
