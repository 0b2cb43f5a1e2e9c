import { extractCarrier, markSpanFailed, SPAN_ATTRIBUTES, traced } from '@skill-service/util';
import type { ToolDispatcher, ToolOutcome } from './tool-dispatcher.js';
import { toolInputSchema } from './tool-input-schema.js';
import { McpTasks, TASK_TOOLS, TASKS_CAPABILITY, TASKS_REVISION } from './mcp-tasks.js';
import { JSONRPC_INTERNAL_ERROR, JSONRPC_INVALID_PARAMS, JSONRPC_INVALID_REQUEST, JSONRPC_METHOD_NOT_FOUND, ProtocolError } from './protocol-error.js';

// MCP over JSON-RPC 2.0, by hand: the bridge needs a small slice of the protocol (a handshake,
// ping, discovery, two tool methods), and the SDK's `Server` owns its transport's whole stream,
// while this stream also carries the contract's plain lines. Every request is answered on its own
// (nothing depends on a prior `initialize`), which is also what the stateless revision asks.

export { JSONRPC_INTERNAL_ERROR, JSONRPC_INVALID_PARAMS, JSONRPC_INVALID_REQUEST, JSONRPC_METHOD_NOT_FOUND, JSONRPC_PARSE_ERROR } from './protocol-error.js';
/** 2026-07-28: the `_meta` protocol version is not one this server speaks. */
export const MCP_UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** Negotiated by `initialize`, newest first: the client's version if listed, else the newest. */
export const HANDSHAKE_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
/** Served per request from `_meta`, without a handshake. */
export const STATELESS_VERSIONS = ['2026-07-28'] as const;

const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

export type JsonRpcId = string | number;
export type JsonRpcAnswer =
  | { readonly jsonrpc: '2.0'; readonly id: JsonRpcId; readonly result: Record<string, unknown> }
  | { readonly jsonrpc: '2.0'; readonly id: JsonRpcId | null; readonly error: { readonly code: number; readonly message: string; readonly data?: unknown } };

export interface ServerInfo {
  readonly name: string;
  readonly version: string;
}

const INSTRUCTIONS =
  'Skills are declarative workflows over capabilities. Find one with skill.discover or skill.list, read its inputs with ' +
  'skill.describe, then run it with skill.execute. Every result is also in structuredContent.';

export function jsonRpcError(id: JsonRpcId | null, code: number, message: string, data?: unknown): JsonRpcAnswer {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a tool call that the client cancelled resolves to: nothing is answered. */
const CANCELLED: Record<string, unknown> = Object.freeze({});


/** The MCP half of the bridge: one parsed JSON-RPC message in, its answer (or none) out. */
export class McpProtocol {
  readonly #dispatcher: ToolDispatcher;
  readonly #info: ServerInfo;
  /** Calls in flight by request id, so `notifications/cancelled` can stop one. */
  readonly #inflight = new Map<JsonRpcId, AbortController>();
  readonly #tasks: McpTasks;
  #toolList: Record<string, unknown>[] | undefined;

  constructor(dispatcher: ToolDispatcher, info: ServerInfo) {
    this.#dispatcher = dispatcher;
    this.#info = info;
    this.#tasks = new McpTasks(dispatcher);
  }

  /** The answer to one message; undefined for notifications and for responses (this server sends no requests). */
  async answer(message: unknown): Promise<JsonRpcAnswer | undefined> {
    if (!isObject(message)) return jsonRpcError(null, JSONRPC_INVALID_REQUEST, 'Invalid Request: one JSON-RPC object per line (batches are not part of MCP)');
    const hasId = 'id' in message;
    const rawId = message['id'];
    const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : undefined;
    if (hasId && id === undefined) return jsonRpcError(null, JSONRPC_INVALID_REQUEST, 'Invalid Request: id must be a string or a number');
    if (message['jsonrpc'] !== '2.0') return jsonRpcError(id ?? null, JSONRPC_INVALID_REQUEST, 'Invalid Request: jsonrpc must be "2.0"');
    const method = message['method'];
    if (typeof method !== 'string') {
      if ('result' in message || 'error' in message) return undefined;
      return jsonRpcError(id ?? null, JSONRPC_INVALID_REQUEST, 'Invalid Request: method must be a string');
    }
    const params = message['params'] ?? {};
    if (id === undefined) {
      this.#notification(method, params);
      return undefined;
    }
    try {
      if (!isObject(params)) throw new ProtocolError(JSONRPC_INVALID_PARAMS, 'Invalid params: params must be an object');
      const result = await this.#request(id, method, params);
      // MCP: a cancelled request gets no response.
      return result === CANCELLED ? undefined : { jsonrpc: '2.0', id, result };
    } catch (error) {
      if (error instanceof ProtocolError) return jsonRpcError(id, error.code, error.message, error.data);
      return jsonRpcError(id, JSONRPC_INTERNAL_ERROR, 'Internal error');
    }
  }

  #notification(method: string, params: unknown): void {
    // `notifications/initialized` needs nothing; unknown notifications are ignored, as JSON-RPC asks.
    // A cancelled call's run is aborted and the call is not answered.
    if (method !== 'notifications/cancelled' || !isObject(params)) return;
    const requestId = params['requestId'];
    if (typeof requestId === 'string' || typeof requestId === 'number') this.#inflight.get(requestId)?.abort();
  }

  async #request(id: JsonRpcId, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (method === 'initialize') return this.#initialize(params);
    const stateless = this.#statelessRequest(params);
    const complete = (result: Record<string, unknown>): Record<string, unknown> => (stateless ? { resultType: 'complete', ...result } : result);
    switch (method) {
      case 'ping':
        return complete({});
      case 'server/discover':
        return {
          resultType: 'complete',
          supportedVersions: [...STATELESS_VERSIONS],
          capabilities: { tools: { listChanged: false } },
          serverInfo: this.#info,
          instructions: INSTRUCTIONS,
        };
      case 'tools/list':
        return complete({ tools: this.#tools() });
      case 'tools/call': {
        const result = await this.#callTool(id, params);
        return result === CANCELLED ? result : complete(result);
      }
      case 'tasks/get':
        return complete(await this.#tasks.get(params));
      case 'tasks/result': {
        const result = await this.#whileInflight(id, (signal) => this.#tasks.result(params, signal));
        return result === undefined ? CANCELLED : complete(result);
      }
      case 'tasks/list':
        return complete(await this.#tasks.list());
      case 'tasks/cancel':
        return complete(await this.#tasks.cancel(params));
      default:
        throw new ProtocolError(JSONRPC_METHOD_NOT_FOUND, `Method not found: ${method.slice(0, 100)}`);
    }
  }

  /** The handshake revisions: the client's version when we speak it, else our newest. */
  #initialize(params: Record<string, unknown>): Record<string, unknown> {
    const requested = params['protocolVersion'];
    const protocolVersion = (HANDSHAKE_VERSIONS as readonly unknown[]).includes(requested) ? (requested as string) : HANDSHAKE_VERSIONS[0];
    // Tasks came with 2025-11-25: an older revision is not told of them.
    const capabilities = protocolVersion === TASKS_REVISION ? { tools: { listChanged: false }, tasks: TASKS_CAPABILITY } : { tools: { listChanged: false } };
    return { protocolVersion, capabilities, serverInfo: this.#info, instructions: INSTRUCTIONS };
  }

  /**
   * Whether the request carries the stateless revision's `_meta` (protocol version and client
   * capabilities); such a request must name a version we serve that way. Without it, the request
   * is served as the handshake revisions serve it.
   */
  #statelessRequest(params: Record<string, unknown>): boolean {
    const meta = params['_meta'];
    if (!isObject(meta) || !(META_PROTOCOL_VERSION in meta)) return false;
    const version = meta[META_PROTOCOL_VERSION];
    if (!(STATELESS_VERSIONS as readonly unknown[]).includes(version)) {
      throw new ProtocolError(MCP_UNSUPPORTED_PROTOCOL_VERSION, 'Unsupported protocol version', {
        supported: [...STATELESS_VERSIONS, ...HANDSHAKE_VERSIONS],
        requested: typeof version === 'string' ? version.slice(0, 100) : String(version),
      });
    }
    if (!isObject(meta[META_CLIENT_CAPABILITIES])) throw new ProtocolError(JSONRPC_INVALID_PARAMS, `Invalid params: _meta["${META_CLIENT_CAPABILITIES}"] must be an object`);
    return true;
  }

  /** Tool definitions: JSON Schemas generated from the contracts' zod schemas, computed once. */
  #tools(): Record<string, unknown>[] {
    this.#toolList ??= this.#dispatcher.tools.map((tool) => {
      return {
        name: tool.name,
        title: tool.annotations.title,
        description: tool.description,
        inputSchema: toolInputSchema(tool.arguments),
        annotations: tool.annotations,
        // A long skill may run as an MCP task (an async run) instead of holding the call open.
        ...(TASK_TOOLS.has(tool.name) ? { execution: { taskSupport: 'optional' } } : {}),
      };
    });
    return this.#toolList;
  }

  /**
   * The call in an MCP server span that continues the trace of the request's `_meta.traceparent`
   * (and `tracestate`); a missing or malformed one starts a new trace.
   */
  #tracedCall(name: string, args: Record<string, unknown>, meta: unknown, signal: AbortSignal): Promise<ToolOutcome> {
    const parent = extractCarrier(isObject(meta) ? meta : undefined);
    const attributes = { [SPAN_ATTRIBUTES.mcpMethod]: 'tools/call', [SPAN_ATTRIBUTES.toolName]: name };
    return traced(`tools/call ${name}`, { kind: 'server', parent, attributes }, async (span) => {
      const outcome = await this.#dispatcher.call(name, args, 'mcp', signal);
      if (!outcome.ok) markSpanFailed(span, outcome.error.error.code);
      return outcome;
    });
  }

  async #callTool(id: JsonRpcId, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const name = params['name'];
    const args = params['arguments'] ?? {};
    if (typeof name !== 'string') throw new ProtocolError(JSONRPC_INVALID_PARAMS, 'Invalid params: name must be a string');
    if (!this.#dispatcher.has(name)) throw new ProtocolError(JSONRPC_INVALID_PARAMS, `Unknown tool: ${name.slice(0, 100)}`);
    if (!isObject(args)) throw new ProtocolError(JSONRPC_INVALID_PARAMS, 'Invalid params: arguments must be an object');
    if (params['task'] !== undefined) {
      if (!isObject(params['task'])) throw new ProtocolError(JSONRPC_INVALID_PARAMS, 'Invalid params: task must be an object');
      if (!TASK_TOOLS.has(name)) throw new ProtocolError(JSONRPC_INVALID_PARAMS, `Invalid params: tool ${name} does not support task-augmented calls`);
      return this.#tasks.launch(args);
    }
    const controller = new AbortController();
    this.#inflight.set(id, controller);
    try {
      const outcome = await this.#tracedCall(name, args, params['_meta'], controller.signal);
      if (controller.signal.aborted) return CANCELLED;
      const structured = outcome.ok ? (outcome.result as Record<string, unknown>) : outcome.error;
      return {
        content: [{ type: 'text', text: JSON.stringify(structured) }],
        structuredContent: structured,
        ...(outcome.ok ? {} : { isError: true }),
      };
    } finally {
      if (this.#inflight.get(id) === controller) this.#inflight.delete(id);
    }
  }

  /** Runs `work` with a signal that `notifications/cancelled` naming `id` aborts. */
  async #whileInflight<T>(id: JsonRpcId, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    this.#inflight.set(id, controller);
    try {
      return await work(controller.signal);
    } finally {
      if (this.#inflight.get(id) === controller) this.#inflight.delete(id);
    }
  }
}
