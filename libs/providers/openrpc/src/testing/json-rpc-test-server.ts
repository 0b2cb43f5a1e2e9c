import { sendJson, type TestHandler } from '@skill-service/test-support';

// Test support only (not exported): a small but real JSON-RPC 2.0 server handler.

/** Thrown by a test method to answer with a JSON-RPC error member. */
export class RpcFault extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type RpcMethod = (params: unknown) => unknown;

export function jsonRpcHandler(methods: Record<string, RpcMethod>): TestHandler {
  return (_req, res, body) => {
    let request: { jsonrpc?: unknown; method?: unknown; params?: unknown; id?: unknown };
    try {
      request = JSON.parse(body) as typeof request;
    } catch {
      return sendJson(res, 200, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null });
    }
    const id = request.id ?? null;
    if (request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
      return sendJson(res, 200, { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' }, id });
    }
    const method = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
    if (method === undefined) return sendJson(res, 200, { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id });
    try {
      sendJson(res, 200, { jsonrpc: '2.0', result: method(request.params), id });
    } catch (error) {
      const fault = error instanceof RpcFault ? error : new RpcFault(-32603, 'Internal error');
      sendJson(res, 200, { jsonrpc: '2.0', error: { code: fault.code, message: fault.message }, id });
    }
  };
}

/** `sum({a, b})`, refusing anything but two numbers with -32602 like a real server would. */
export const sum: RpcMethod = (params) => {
  const { a, b } = (params ?? {}) as { a?: unknown; b?: unknown };
  if (typeof a !== 'number' || typeof b !== 'number') throw new RpcFault(-32602, 'Invalid params: a and b must be numbers');
  return { total: a + b };
};
