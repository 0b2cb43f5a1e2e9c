import { InvalidRequestError, ServiceError } from '@skill-service/contracts';
import { JSONRPC_INVALID_REQUEST, JSONRPC_PARSE_ERROR, McpProtocol, jsonRpcError, type ServerInfo } from './mcp-protocol.js';
import { answerPlainLine, plainError } from './plain-protocol.js';
import type { ToolDispatcher } from './tool-dispatcher.js';

// A line that cannot be parsed (or is too long to read) cannot say which protocol it meant; one
// that mentions "jsonrpc" is answered as JSON-RPC (-32700 / -32600), any other in the contract's shape.
const MENTIONS_JSONRPC = /"jsonrpc"/;

/**
 * Both protocols of the stdio exchange on one stream: a line whose object has `"jsonrpc"` is MCP,
 * any other line the contract's `{id, method: 'tools/call', params}`. Each line gets its answer
 * object (undefined: nothing to write, e.g. an MCP notification). Never throws.
 */
export class LineHandler {
  readonly #dispatcher: ToolDispatcher;
  readonly #mcp: McpProtocol;

  constructor(dispatcher: ToolDispatcher, info: ServerInfo) {
    this.#dispatcher = dispatcher;
    this.#mcp = new McpProtocol(dispatcher, info);
  }

  async answer(line: string): Promise<unknown> {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return MENTIONS_JSONRPC.test(line)
        ? jsonRpcError(null, JSONRPC_PARSE_ERROR, 'Parse error: each line must hold one complete JSON object')
        : plainError(null, new InvalidRequestError('Malformed JSON: each line must hold one complete JSON object'));
    }
    const jsonRpc = Array.isArray(message) ? MENTIONS_JSONRPC.test(line) : typeof message === 'object' && message !== null && 'jsonrpc' in message;
    return jsonRpc ? this.#mcp.answer(message) : answerPlainLine(message, this.#dispatcher);
  }

  /** The answer to a line longer than the bridge reads (it was skipped); `head` is its first bytes. */
  oversize(head: string, maxBytes: number): unknown {
    const message = `Request line longer than ${maxBytes} bytes; it was skipped`;
    return MENTIONS_JSONRPC.test(head) ? jsonRpcError(null, JSONRPC_INVALID_REQUEST, `Invalid Request: ${message}`) : plainError(null, new ServiceError('payload_too_large', message));
  }
}
