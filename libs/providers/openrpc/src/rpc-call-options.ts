import { InvalidConfigurationError, type BindingDefinition, type ServiceDescriptor } from '@skill-service/contracts';

/** The per-call knobs of an openrpc binding, read from binding `metadata`, then service `metadata`. */
export interface RpcCallOptions {
  /** Per-attempt bound from `timeout_seconds` (binding, else descriptor); undefined = the call's own. */
  readonly timeoutMs: number | undefined;
  /** Binding `metadata.headers`; merged over the descriptor's. */
  readonly headers: Readonly<Record<string, string>>;
  /** Retries of a 429/503 that carries `Retry-After`; nothing else is ever repeated. */
  readonly retryCount: number;
  readonly maxRequestBytes: number;
  readonly maxResponseBytes: number;
}

export const DEFAULT_RPC_RETRY_COUNT = 2;
export const DEFAULT_MAX_REQUEST_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/**
 * The openapi keys that make sense for JSON-RPC too (`timeout_seconds`, `headers`, `retry_count`,
 * `max_request_bytes`, `max_response_bytes`). A bad value is a 409 naming the binding and the key.
 */
export function rpcCallOptions(binding: BindingDefinition, service: ServiceDescriptor): RpcCallOptions {
  const fail = (key: string, expected: string): never => {
    throw new InvalidConfigurationError(`Binding '${binding.id}' has an invalid metadata.${key}: expected ${expected}.`);
  };
  const raw = (key: string, fromService: boolean): unknown => {
    if (Object.hasOwn(binding.metadata, key)) return binding.metadata[key];
    return fromService && Object.hasOwn(service.metadata, key) ? service.metadata[key] : undefined;
  };
  const number = (key: string, min: number, max: number, integer: boolean, fromService = true): number | undefined => {
    const value = raw(key, fromService);
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      return fail(key, `${integer ? 'an integer' : 'a number'} from ${min} to ${max}`);
    }
    return value;
  };
  const headers: Record<string, string> = {};
  const rawHeaders = raw('headers', false);
  if (rawHeaders !== undefined && rawHeaders !== null) {
    if (typeof rawHeaders !== 'object' || Array.isArray(rawHeaders)) fail('headers', 'a mapping of header names to values');
    for (const [name, value] of Object.entries(rawHeaders as Record<string, unknown>)) {
      // YAML turns `X-Version: 2` into a number; a scalar is what the author meant.
      if (typeof value === 'string') headers[name] = value;
      else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') headers[name] = String(value);
      else fail(`headers.${name}`, 'a string');
    }
  }
  const timeoutSeconds = number('timeout_seconds', 0.001, 3600, false, false) ?? service.timeout_seconds;
  return {
    timeoutMs: timeoutSeconds === undefined ? undefined : Math.max(1, Math.round(timeoutSeconds * 1000)),
    headers,
    retryCount: number('retry_count', 0, 10, true) ?? DEFAULT_RPC_RETRY_COUNT,
    maxRequestBytes: number('max_request_bytes', 1, Number.MAX_SAFE_INTEGER, true) ?? DEFAULT_MAX_REQUEST_BYTES,
    maxResponseBytes: number('max_response_bytes', 1, Number.MAX_SAFE_INTEGER, true) ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
}
