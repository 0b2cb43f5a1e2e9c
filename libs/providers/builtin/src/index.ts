/**
 * @skill-service/provider-builtin — the built-in capabilities (@skill-service/baselines) as MCP
 * tools: `createBuiltinTools` for the engine (the service registers it with the MCP provider as an
 * in-process tool set, called directly), `createBuiltinMcpServer` for any MCP host (over stdio:
 * `src/stdio-main.ts`). Both give the same results and errors.
 */
export { createBuiltinTools, type BuiltinTools, type BuiltinToolsOptions } from './builtin-tools.js';
export { createBuiltinMcpServer, type BuiltinMcpServerOptions } from './create-builtin-mcp-server.js';
