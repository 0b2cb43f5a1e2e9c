#!/usr/bin/env node
/**
 * Serves the built-in capabilities to any MCP host over stdio:
 *   node --conditions=@skill-service/source --import tsx libs/providers/builtin/src/stdio-main.ts
 * Protocol on stdout only; logs go to stderr. No page fetcher is configured here, so
 * `web.page.fetch` answers `invalid_configuration` (the service wires one behind its outbound guard).
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { BUILTIN_CAPABILITIES } from '@skill-service/baselines';
import { createBuiltinMcpServer } from './create-builtin-mcp-server.js';

const log = (message: string): void => {
  process.stderr.write(`[skill-service-builtin] ${message}\n`);
};

const server = createBuiltinMcpServer({ log });
let closing = false;
const shutdown = (reason: string): void => {
  if (closing) return;
  closing = true;
  log(`stopping (${reason})`);
  server.close().finally(() => process.exit(0));
};

process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
// The host closing our stdin ends the session.
process.stdin.on('end', () => shutdown('stdin closed'));
await server.connect(new StdioServerTransport());
log(`serving ${BUILTIN_CAPABILITIES.length} tools on stdio`);
