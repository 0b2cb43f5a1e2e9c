import { DirectToolSession } from './direct-tool-session.js';
import { McpConnection, type ConnectionHooks } from './mcp-connection.js';
import type { McpTransportKind } from './mcp-provider-options.js';
import type { ServiceTarget } from './service-target.js';
import type { ToolCallResult } from './tool-result.js';

export interface ToolCallOptions {
  /** The caller's; aborts on its deadline or cancellation (ProviderCall's contract). */
  readonly signal: AbortSignal;
  /** Milliseconds this call may take. */
  readonly timeout: number;
  /** Whether `timeout` is the caller's own budget, so `signal` aborts when it runs out. */
  readonly callerDeadline: boolean;
}

/** An open session with one service's tools, whatever carries the calls. */
export interface ToolSession {
  readonly kind: McpTransportKind;
  /** The stdio child's process id, when there is one. */
  readonly pid: number | undefined;
  /** `name version` as the server reported it. */
  readonly serverInfo: string;
  readonly alive: boolean;
  callTool(name: string, args: Record<string, unknown>, options: ToolCallOptions): Promise<ToolCallResult>;
  close(): Promise<void>;
}

/** An SDK client session for servers; a direct session for in-process tool sets. */
export function openToolSession(target: ServiceTarget, hooks: ConnectionHooks): Promise<ToolSession> {
  if (target.kind === 'in-process' && target.source.type === 'tools') return DirectToolSession.open(target.source.create);
  return McpConnection.open(target as Parameters<typeof McpConnection.open>[0], hooks);
}
