import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { PlaceholderEnv, PlaceholderRules } from '@skill-service/bindings';
import type { ToolCallResult } from './tool-result.js';

/** How a service is reached; reported by `health()`. */
export type McpTransportKind = 'stdio' | 'streamable-http' | 'in-process';

/**
 * What an in-process server must offer: the SDK's `McpServer` (and its low-level `Server`) fit.
 * Kept structural so callers need not share this library's copy of the SDK types.
 */
export interface McpServerLike {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/**
 * Tools served by this process and called directly: the `tools/call` of an in-process MCP server
 * without its JSON-RPC round trip. Answers are `tools/call` results (an `isError` result for a
 * failed tool), `undefined` for a tool it does not have (answered as a server's InvalidParams
 * "Tool x not found"). `signal` is the caller's, aborted at its deadline or on cancellation: a tool
 * must settle promptly then (nothing else races it, unless the service's own timeout is shorter).
 */
export interface InProcessTools {
  /** `name version`, reported like a server's `initialize` answer. */
  readonly serverInfo: { readonly name: string; readonly version: string };
  callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolCallResult | undefined>;
}

/** A server stderr line or a lifecycle event, for the application's logger. */
export interface McpLogEntry {
  readonly level: 'info' | 'warn' | 'error';
  readonly service: string;
  readonly event: 'stderr' | 'connecting' | 'connected' | 'connect_failed' | 'exited' | 'closed' | 'transport_error';
  readonly message: string;
  /** The stdio server's process id, when there is one. */
  readonly pid?: number;
}

export interface McpProviderOptions {
  /** Servers served inside this process, by the name a descriptor's `server` field uses. */
  readonly inProcessServers?: Readonly<Record<string, () => McpServerLike | Promise<McpServerLike>>>;
  /**
   * Tool sets called directly, by the name a descriptor's `server` field uses. Same results and
   * errors as an in-process server, without serialising and validating each message twice: the
   * way to serve tools whose per-call cost is small next to the SDK's.
   */
  readonly inProcessTools?: Readonly<Record<string, () => InProcessTools | Promise<InProcessTools>>>;
  /** Sent in the `initialize` handshake. */
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /**
   * The server's environment: the source of `${ENV_VAR}` placeholders, and of the few basics a
   * stdio server inherits (`PATH`, `HOME`, `LANG`, `LC_*`, `TMPDIR`; see `childEnvironment`) on
   * top of its descriptor's `env:`. Default: this process's environment, read at each call.
   */
  readonly env?: PlaceholderEnv;
  /** Which variables placeholders may read (`SERVICE_*`/`OTEL_*` never); default: any other. */
  readonly placeholderRules?: PlaceholderRules;
  readonly log?: (entry: McpLogEntry) => void;
  /** First delay before respawning a server that died or failed to start; doubles per repeat. Default 250. */
  readonly restartBackoffMs?: number;
  /** Upper bound of that delay. Default 8000. */
  readonly maxRestartBackoffMs?: number;
  /** Bound on spawn + `initialize` of one connection attempt. Default 30000. */
  readonly connectTimeoutMs?: number;
  /**
   * Called with a streamable-HTTP server's URL before connecting (the app wires the outbound
   * guard here). If it throws, the call fails with that error and no request is sent.
   */
  readonly allowHttp?: (url: URL) => Promise<void>;
}
