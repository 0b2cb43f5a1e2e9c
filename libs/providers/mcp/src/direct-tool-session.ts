import { sanitizeMessage } from '@skill-service/contracts';
import { raceAbort } from './abortable.js';
import { RPC_ERROR, ToolProtocolError } from './mcp-failure.js';
import type { InProcessTools } from './mcp-provider-options.js';
import type { ToolCallResult } from './tool-result.js';
import type { ToolCallOptions, ToolSession } from './tool-session.js';

/**
 * A session with a tool set of this process: each call is a plain function call, raced against
 * the caller's signal and the time budget like an SDK request (a late answer is dropped), and
 * failing with the JSON-RPC codes an SDK session would (an unknown tool is InvalidParams "Tool x
 * not found", as McpServer answers), so the provider maps both kinds of session alike.
 */
export class DirectToolSession implements ToolSession {
  readonly kind = 'in-process' as const;
  readonly pid = undefined;
  private ended = false;

  private constructor(private readonly tools: InProcessTools) {}

  static async open(create: () => InProcessTools | Promise<InProcessTools>): Promise<DirectToolSession> {
    return new DirectToolSession(await create());
  }

  get serverInfo(): string {
    const { name, version } = this.tools.serverInfo;
    return sanitizeMessage(`${name} ${version}`);
  }

  get alive(): boolean {
    return !this.ended;
  }

  callTool(name: string, args: Record<string, unknown>, options: ToolCallOptions): Promise<ToolCallResult> {
    if (this.ended) return Promise.reject(new ToolProtocolError(RPC_ERROR.ConnectionClosed, 'Connection closed'));
    const { signal, timeout } = options;
    let answer: Promise<ToolCallResult>;
    try {
      answer = this.tools.callTool(name, args, signal).then((result) => {
        if (result === undefined) throw new ToolProtocolError(RPC_ERROR.InvalidParams, `Tool ${name} not found`);
        return result;
      });
    } catch (error) {
      answer = Promise.reject(error);
    }
    // The caller's signal aborts at its deadline (ProviderCall's contract) and the tool set holds
    // it: a race here would only repeat that, at a timer and a listener per call. Only a service
    // timeout shorter than the caller's budget needs one of its own.
    if (options.callerDeadline) return answer;
    return raceAbort(
      answer,
      signal,
      Date.now() + timeout,
      () => new ToolProtocolError(RPC_ERROR.RequestTimeout, 'Request cancelled'),
      () => new ToolProtocolError(RPC_ERROR.RequestTimeout, 'Request timed out'),
    );
  }

  close(): Promise<void> {
    this.ended = true;
    return Promise.resolve();
  }
}
