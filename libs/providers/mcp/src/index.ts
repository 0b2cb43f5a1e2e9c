/**
 * @skill-service/provider-mcp — the `mcp` protocol provider. Calls tools of MCP servers through
 * the official SDK client: stdio servers are spawned once, initialised, reused and respawned after
 * a crash; remote servers are reached over streamable HTTP (auth headers, `${ENV_VAR}` secrets,
 * outbound-guard hook); the built-in capabilities are an MCP server served in-process.
 */
export { McpProvider } from './mcp-provider.js';
export type { McpLogEntry, McpProviderOptions, McpServerLike, McpTransportKind } from './mcp-provider-options.js';
export type { ServiceHealth as McpServiceHealth } from './service-slot.js';
