import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import { abortableSleep } from '@skill-service/util';
import { connectFailure, providerClosed } from './mcp-failure.js';
import type { McpLogEntry, McpTransportKind } from './mcp-provider-options.js';
import type { ServiceTarget } from './service-target.js';
import { openToolSession, type ToolSession } from './tool-session.js';

export interface SlotSettings {
  readonly serviceId: string;
  readonly clientInfo: Implementation;
  readonly connectTimeoutMs: number;
  readonly restartBackoffMs: number;
  readonly maxRestartBackoffMs: number;
  readonly allowHttp: ((url: URL) => Promise<void>) | undefined;
  readonly log: (entry: McpLogEntry) => void;
  readonly closing: AbortSignal;
}

/** One service's state in `McpProvider.health()`. */
export interface ServiceHealth {
  readonly transport: McpTransportKind | undefined;
  readonly state: 'idle' | 'connecting' | 'connected' | 'failed';
  readonly connected: boolean;
  /** Connections opened after the first one (after a crash, a failure or a config change). */
  readonly restarts: number;
  readonly last_error?: string;
  readonly pid?: number;
}

interface Attempt {
  readonly fingerprint: string;
  ready: Promise<ToolSession>;
  connection?: ToolSession;
}

/**
 * The connection lifecycle of one MCP service: at most one live connection, opened on first use
 * and shared by concurrent first calls; dropped when the server dies or the transport fails, and
 * reopened by the next call after a backoff that doubles while failures repeat, so a
 * crash-looping server is not respawned in a tight loop.
 */
export class ServiceSlot {
  private attempt: Attempt | undefined;
  private attempts = 0;
  private consecutiveFailures = 0;
  private retryAt = 0;
  private lastError: string | undefined;
  private kind: McpTransportKind | undefined;
  private failing = false;
  private readonly retiring = new Set<Promise<void>>();

  constructor(private readonly settings: SlotSettings) {}

  /** The live connection for `target`, opening one if needed. */
  connection(target: ServiceTarget): Promise<ToolSession> {
    const current = this.attempt;
    if (current !== undefined && current.fingerprint === target.fingerprint) return current.ready;
    if (current !== undefined) {
      // The descriptor or a resolved secret changed. Calls still running on the old session fail;
      // that is the price of never mixing configurations, and such changes are rare.
      this.forget(current);
      this.log('info', 'closed', 'configuration changed: reconnecting');
      this.retire(current.ready.then((connection) => connection.close(), () => undefined));
    }
    // `ready` is assigned on the next line: open() needs the attempt to tell whether it is current.
    const attempt = { fingerprint: target.fingerprint } as Attempt;
    this.attempt = attempt;
    this.attempts += 1;
    this.kind = target.kind;
    attempt.ready = this.open(target, attempt);
    attempt.ready.catch(() => undefined); // callers observe it; this only silences the unobserved case
    return attempt.ready;
  }

  /**
   * The open connection for `target` when there is one already (the common case after the first
   * call), without waiting on anything: `connection()` would hand back the same one, a tick later.
   */
  established(target: ServiceTarget): ToolSession | undefined {
    const current = this.attempt;
    return current !== undefined && current.fingerprint === target.fingerprint && current.connection?.alive === true ? current.connection : undefined;
  }

  /** A call got an answer from the server: it is healthy, so the backoff starts over. */
  succeeded(): void {
    this.consecutiveFailures = 0;
  }

  /** A call hit a transport fault: drop the connection so the next call reconnects. */
  discard(connection: ToolSession, reason: string): void {
    if (this.attempt?.connection !== connection) return;
    this.forget(this.attempt);
    this.noteFailure(reason);
    this.retire(connection.close());
  }

  health(): ServiceHealth {
    const connection = this.attempt?.connection;
    const connected = connection?.alive === true;
    const state = connected ? 'connected' : this.attempt !== undefined ? 'connecting' : this.failing ? 'failed' : 'idle';
    return {
      transport: this.kind,
      state,
      connected,
      restarts: Math.max(0, this.attempts - 1),
      ...(this.lastError === undefined ? {} : { last_error: this.lastError }),
      ...(connection?.pid === undefined ? {} : { pid: connection.pid }),
    };
  }

  async close(): Promise<void> {
    const attempt = this.attempt;
    this.attempt = undefined;
    if (attempt !== undefined) {
      const connection = attempt.connection ?? (await attempt.ready.catch(() => undefined));
      await connection?.close();
    }
    await Promise.all(this.retiring);
  }

  // Tracked so close() also waits for sessions that were being shut down in the background.
  private retire(closing: Promise<void>): void {
    this.retiring.add(closing);
    void closing.finally(() => this.retiring.delete(closing));
  }

  private async open(target: ServiceTarget, attempt: Attempt): Promise<ToolSession> {
    const { closing, allowHttp, serviceId, connectTimeoutMs } = this.settings;
    // The backoff before a respawn; closing cuts it short (the check below then refuses).
    await abortableSleep(this.retryAt - Date.now(), closing).catch(() => undefined);
    if (closing.aborted) throw providerClosed();
    if (target.kind === 'streamable-http' && allowHttp !== undefined) {
      try {
        await allowHttp(target.url);
      } catch (error) {
        // A policy refusal is not a server failure: no backoff, and the error is the guard's own.
        this.forget(attempt);
        throw error;
      }
    }
    if (closing.aborted) throw providerClosed();
    this.log('info', 'connecting', `connecting (${target.kind})`);
    let connection: ToolSession;
    try {
      connection = await openToolSession(target, {
        clientInfo: this.settings.clientInfo,
        connectTimeoutMs,
        closing,
        log: (entry) => this.settings.log({ ...entry, service: serviceId }),
        onLost: (lost) => this.lost(attempt, lost),
      });
    } catch (error) {
      const failure = closing.aborted ? providerClosed() : connectFailure(error, serviceId, connectTimeoutMs);
      this.forget(attempt);
      this.failing = true;
      this.noteFailure(failure.message);
      this.log('error', 'connect_failed', failure.message);
      throw failure;
    }
    if (closing.aborted) {
      await connection.close();
      throw providerClosed();
    }
    attempt.connection = connection;
    this.failing = false;
    this.log('info', 'connected', `initialised ${connection.serverInfo}`, connection.pid);
    if (!connection.alive) this.lost(attempt, connection);
    return connection;
  }

  private lost(attempt: Attempt, connection: ToolSession): void {
    if (attempt.connection !== connection) return;
    this.forget(attempt);
    this.noteFailure(connection.kind === 'stdio' ? 'the server process exited' : 'the server closed the connection');
  }

  private forget(attempt: Attempt): void {
    if (this.attempt === attempt) this.attempt = undefined;
  }

  private noteFailure(message: string): void {
    this.consecutiveFailures += 1;
    const { restartBackoffMs, maxRestartBackoffMs } = this.settings;
    this.retryAt = Date.now() + Math.min(restartBackoffMs * 2 ** (this.consecutiveFailures - 1), maxRestartBackoffMs);
    this.lastError = message;
  }

  private log(level: McpLogEntry['level'], event: McpLogEntry['event'], message: string, pid?: number): void {
    this.settings.log({ level, service: this.settings.serviceId, event, message, ...(pid === undefined ? {} : { pid }) });
  }
}
