import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import { sanitizeMessage } from '@skill-service/contracts';
import { linkedSignal } from './abortable.js';
import type { McpLogEntry, McpServerLike, McpTransportKind } from './mcp-provider-options.js';
import type { InProcessTarget, ServiceTarget } from './service-target.js';
import { forwardStderrLines } from './stderr-lines.js';
import type { ToolCallResult } from './tool-result.js';
import type { ToolCallOptions, ToolSession } from './tool-session.js';
import { injectCarrier } from '@skill-service/util';

/** What the SDK client connects to: everything but a tool set called directly. */
export type SdkTarget = Exclude<ServiceTarget, InProcessTarget> | (InProcessTarget & { readonly source: { readonly type: 'server' } });

export interface ConnectionHooks {
  readonly clientInfo: Implementation;
  readonly connectTimeoutMs: number;
  /** Aborted on provider shutdown: stops an `initialize` still in flight. */
  readonly closing: AbortSignal;
  readonly log: (entry: Omit<McpLogEntry, 'service'>) => void;
  /** Called once when the connection ends without `close()` (crash, exit, server hang-up). */
  readonly onLost: (connection: McpConnection) => void;
}

/**
 * One initialised MCP client session with one server (a stdio child, a streamable-HTTP endpoint
 * or an in-process server), kept open and reused for every call to that service.
 */
export class McpConnection implements ToolSession {
  private established = false;
  private ended = false;
  private closing: Promise<void> | undefined;

  private constructor(
    readonly kind: McpTransportKind,
    private readonly client: Client,
    private readonly server: McpServerLike | undefined,
    private readonly hooks: ConnectionHooks,
    private readonly pidOf: () => number | undefined,
  ) {}

  /** Spawns or connects, then lets the SDK run the `initialize` handshake. */
  static async open(target: SdkTarget, hooks: ConnectionHooks): Promise<McpConnection> {
    // The SDK loads with the first connection to a server: a process calling only in-process tool
    // sets (the built-ins) never holds its client, transports and message schemas (~4 MB).
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const client = new Client(hooks.clientInfo, { capabilities: {} });
    const { transport, server, pidOf } = await createTransport(target, hooks);
    const connection = new McpConnection(target.kind, client, server, hooks, pidOf);
    // Set before connect: the SDK then chains its own close/error handling after these.
    client.onclose = () => connection.handleEnded();
    client.onerror = (error) => hooks.log({ level: 'warn', event: 'transport_error', message: sanitizeMessage(error.message), ...pidEntry(pidOf()) });
    // Not the provider-wide signal itself: see linkedSignal.
    const connecting = linkedSignal(hooks.closing);
    try {
      await client.connect(transport, { timeout: hooks.connectTimeoutMs, signal: connecting.signal });
    } catch (error) {
      await connection.close();
      throw error;
    } finally {
      connecting.unlink();
    }
    connection.established = true;
    return connection;
  }

  /** The stdio child's process id (kept after it exits, for logs and health). */
  get pid(): number | undefined {
    return this.pidOf();
  }

  /** `name version` as the server reported it in `initialize`. */
  get serverInfo(): string {
    const info = this.client.getServerVersion();
    return info === undefined ? 'unknown server' : sanitizeMessage(`${info.name} ${info.version}`);
  }

  get alive(): boolean {
    return !this.ended;
  }

  async callTool(name: string, args: Record<string, unknown>, options: ToolCallOptions): Promise<ToolCallResult> {
    const link = linkedSignal(options.signal);
    try {
      // The tool-call span's W3C context in `_meta`, where MCP servers read a caller's trace (nothing when tracing is off).
      const carrier = injectCarrier();
      const meta = carrier['traceparent'] === undefined ? {} : { _meta: carrier };
      return await this.client.callTool({ name, arguments: args, ...meta }, undefined, { signal: link.signal, timeout: options.timeout });
    } finally {
      link.unlink();
    }
  }

  /** Closes the session; for stdio the SDK ends stdin, then SIGTERM, then SIGKILL the child. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.client.close().catch(() => undefined);
      await this.server?.close().catch(() => undefined);
      this.ended = true;
    })();
    return this.closing;
  }

  private handleEnded(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.closing !== undefined || !this.established) return;
    const what = this.kind === 'stdio' ? 'MCP server process exited' : 'MCP server connection closed';
    this.hooks.log({ level: 'warn', event: 'exited', message: what, ...pidEntry(this.pid) });
    this.hooks.onLost(this);
  }
}

interface CreatedTransport {
  readonly transport: Transport;
  readonly server?: McpServerLike;
  readonly pidOf: () => number | undefined;
}

async function createTransport(target: SdkTarget, hooks: ConnectionHooks): Promise<CreatedTransport> {
  switch (target.kind) {
    case 'stdio': {
      const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
      const transport = new StdioClientTransport({ command: target.command, args: [...target.args], env: { ...target.env }, stderr: 'pipe' });
      let pid: number | undefined;
      const pidOf = (): number | undefined => (pid ??= transport.pid ?? undefined);
      // With stderr 'pipe' the SDK hands out the stream before start(): no early line is lost.
      const stderr = transport.stderr;
      if (stderr !== null) forwardStderrLines(stderr, (line) => hooks.log({ level: 'info', event: 'stderr', message: line, ...pidEntry(pidOf()) }));
      return { transport, pidOf };
    }
    case 'streamable-http': {
      const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
      return {
        transport: new StreamableHTTPClientTransport(target.url, { requestInit: { headers: { ...target.headers } } }),
        pidOf: () => undefined,
      };
    }
    case 'in-process': {
      const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
      const server = await target.source.create();
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      return { transport: clientSide, server, pidOf: () => undefined };
    }
  }
}

function pidEntry(pid: number | undefined): { pid?: number } {
  return pid === undefined ? {} : { pid };
}
