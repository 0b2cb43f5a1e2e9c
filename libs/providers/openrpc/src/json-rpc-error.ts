import {
  InvalidConfigurationError,
  InvalidRequestError,
  UpstreamFailureError,
  type ServiceError,
} from '@skill-service/contracts';
import { bodyPreview } from '@skill-service/bindings';

export interface RpcContext {
  readonly serviceId: string;
  /** The JSON-RPC method (the binding's operation). */
  readonly method: string;
  /** Resolved secrets to mask in anything echoed from the server. */
  readonly secrets: readonly string[];
}

/**
 * A JSON-RPC `error` member as a ServiceError: invalid request/params (-32600, -32602) mean the
 * caller's input was refused → 400; method not found (-32601) means the binding names a method the
 * server lacks → 409; anything else (server errors, application codes, -32700) → 502 with the
 * code and a short, secret-free message.
 */
export function jsonRpcError(error: unknown, context: RpcContext): ServiceError {
  const { serviceId, method } = context;
  const code = isRecord(error) && Number.isInteger(error.code) ? (error.code as number) : undefined;
  if (code === undefined) {
    return new UpstreamFailureError(`Provider '${serviceId}' answered '${method}' with a malformed JSON-RPC error member`);
  }
  const message = isRecord(error) && typeof error.message === 'string' ? bodyPreview(error.message, context.secrets) : '';
  const tail = message === '' ? '' : `: ${message}`;
  const options = { details: { rpc_code: code, rpc_message: message } };
  switch (code) {
    case -32600:
    case -32602:
      return new InvalidRequestError(`Provider '${serviceId}' rejected the params of '${method}' (JSON-RPC ${code})${tail}`, options);
    case -32601:
      return new InvalidConfigurationError(`Provider '${serviceId}' has no method '${method}' (JSON-RPC -32601)${tail}`, options);
    default:
      return new UpstreamFailureError(`Provider '${serviceId}' answered '${method}' with JSON-RPC error ${code}${tail}`, options);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
