/**
 * @skill-service/provider-builtin — serves the built-in capabilities (@skill-service/baselines) as
 * an MCP server: in-process for the engine (the service registers `createBuiltinMcpServer` with
 * the MCP provider) and over stdio for any MCP host (`src/stdio-main.ts`).
 */
export { createBuiltinMcpServer, type BuiltinMcpServerOptions } from './create-builtin-mcp-server.js';
