import { InvalidRequestError, ServiceError, type ErrorPayload } from '@skill-service/contracts';
import { errorAnswer } from '@skill-service/service';
import type { ToolDispatcher } from './tool-dispatcher.js';

/** A line of the contract's shape, answered: `{id, result}` or `{id, error: {code, message, type, …}}`. */
export type PlainAnswer = { readonly id: string | number | null; readonly result: unknown } | { readonly id: string | number | null; readonly error: ErrorPayload['error'] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An error answer for a line that could not be taken as a call (the one mapping, no trace: nothing ran). */
export function plainError(id: string | number | null, error: ServiceError): PlainAnswer {
  return { id, error: errorAnswer(error, null).body.error };
}

/**
 * The plain protocol's request line `{id, method: 'tools/call', params: {name, arguments}}`. The id may be a
 * string or a number; anything else is answered with `id: null`, as is a line that is no object.
 */
export async function answerPlainLine(message: unknown, dispatcher: ToolDispatcher): Promise<PlainAnswer> {
  if (!isObject(message)) return plainError(null, new InvalidRequestError('A request line must be one JSON object: {id, method: "tools/call", params: {name, arguments}}'));
  const rawId = message['id'];
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (id === null) return plainError(null, new InvalidRequestError('id must be a string or a number'));
  const method = message['method'];
  if (method !== 'tools/call') {
    return plainError(id, new ServiceError('not_found', `Unknown method '${typeof method === 'string' ? method.slice(0, 100) : String(method)}'`, { hint: "This line protocol answers 'tools/call'; send \"jsonrpc\": \"2.0\" for MCP." }));
  }
  const params = message['params'];
  const name = isObject(params) ? params['name'] : undefined;
  const args = isObject(params) ? (params['arguments'] ?? {}) : undefined;
  if (typeof name !== 'string' || !isObject(args)) {
    return plainError(id, new InvalidRequestError('params must be {name: string, arguments: object}'));
  }
  const outcome = await dispatcher.call(name, args, 'bridge');
  return outcome.ok ? { id, result: outcome.result } : { id, error: outcome.error.error };
}
