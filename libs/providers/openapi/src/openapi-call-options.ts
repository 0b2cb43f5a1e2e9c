import { InvalidConfigurationError, type BindingDefinition, type ServiceDescriptor } from '@skill-service/contracts';
import type { OutboundHttpMethod } from '@skill-service/bindings';

export type ResponseMode = 'json' | 'text' | 'raw';

/** The per-call knobs of an openapi binding, read from binding `metadata`, then service `metadata`. */
export interface OpenApiCallOptions {
  readonly method: OutboundHttpMethod;
  readonly responseMode: ResponseMode;
  /** Per-attempt bound from `timeout_seconds` (binding, else descriptor); undefined = the call's own. */
  readonly timeoutMs: number | undefined;
  /** Binding `metadata.headers`; merged over the descriptor's. */
  readonly headers: Readonly<Record<string, string>>;
  readonly retryCount: number;
  readonly backoffBaseMs: number;
  readonly backoffFactor: number;
  readonly maxRequestBytes: number;
  readonly maxResponseBytes: number;
}

export const DEFAULT_RETRY_COUNT = 3;
export const DEFAULT_MAX_REQUEST_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
const METHODS: readonly OutboundHttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const MODES: readonly ResponseMode[] = ['json', 'text', 'raw'];
// Retries past these would outlive any sensible call timeout anyway.
const MAX_RETRY_COUNT = 10;

/**
 * Reads the openapi call keys (docs/providers.md): `method`, `response_mode`,
 * `timeout_seconds`, `headers`, `retry_count`, `retry_backoff_base` (s), `retry_backoff_factor`,
 * `max_request_bytes`, `max_response_bytes`. A bad value is a 409 naming the binding and the key,
 * found at the first call instead of being silently replaced by a default.
 */
export function openApiCallOptions(binding: BindingDefinition, service: ServiceDescriptor): OpenApiCallOptions {
  const reader = new MetadataReader(binding, service);
  const method = reader.string('method', false)?.toUpperCase() ?? 'POST';
  if (!METHODS.includes(method as OutboundHttpMethod)) reader.fail('method', `one of ${METHODS.join(', ')}`);
  const mode = reader.string('response_mode', false)?.toLowerCase() ?? 'json';
  if (!MODES.includes(mode as ResponseMode)) reader.fail('response_mode', 'json, text or raw');
  const timeoutSeconds = reader.number('timeout_seconds', 0.001, 3600, false) ?? service.timeout_seconds;
  return {
    method: method as OutboundHttpMethod,
    responseMode: mode as ResponseMode,
    timeoutMs: timeoutSeconds === undefined ? undefined : Math.max(1, Math.round(timeoutSeconds * 1000)),
    headers: reader.headers(),
    retryCount: reader.integer('retry_count', 0, MAX_RETRY_COUNT) ?? DEFAULT_RETRY_COUNT,
    backoffBaseMs: (reader.number('retry_backoff_base', 0, 60) ?? 1) * 1000,
    backoffFactor: reader.number('retry_backoff_factor', 1, 10) ?? 2,
    maxRequestBytes: reader.integer('max_request_bytes', 1, Number.MAX_SAFE_INTEGER) ?? DEFAULT_MAX_REQUEST_BYTES,
    maxResponseBytes: reader.integer('max_response_bytes', 1, Number.MAX_SAFE_INTEGER) ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
}

/** Binding metadata first, then (for the keys existing descriptors set there) the descriptor's metadata. */
class MetadataReader {
  constructor(
    private readonly binding: BindingDefinition,
    private readonly service: ServiceDescriptor,
  ) {}

  fail(key: string, expected: string): never {
    throw new InvalidConfigurationError(`Binding '${this.binding.id}' has an invalid metadata.${key}: expected ${expected}.`);
  }

  private raw(key: string, fromService: boolean): unknown {
    if (Object.hasOwn(this.binding.metadata, key)) return this.binding.metadata[key];
    return fromService && Object.hasOwn(this.service.metadata, key) ? this.service.metadata[key] : undefined;
  }

  string(key: string, fromService = true): string | undefined {
    const value = this.raw(key, fromService);
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') this.fail(key, 'a string');
    return value;
  }

  number(key: string, min: number, max: number, fromService = true): number | undefined {
    const value = this.raw(key, fromService);
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      this.fail(key, `a number from ${min} to ${max}`);
    }
    return value;
  }

  integer(key: string, min: number, max: number): number | undefined {
    const value = this.number(key, min, max);
    if (value !== undefined && !Number.isInteger(value)) this.fail(key, 'an integer');
    return value;
  }

  /** Binding headers only: the descriptor's metadata.headers are already in `service.headers`. */
  headers(): Record<string, string> {
    const value = this.raw('headers', false);
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' || Array.isArray(value)) this.fail('headers', 'a mapping of header names to values');
    const headers: Record<string, string> = {};
    for (const [name, header] of Object.entries(value as Record<string, unknown>)) {
      // YAML turns `X-Version: 2` into a number; a scalar is what the author meant.
      if (typeof header === 'string') headers[name] = header;
      else if ((typeof header === 'number' && Number.isFinite(header)) || typeof header === 'boolean') headers[name] = String(header);
      else this.fail(`headers.${name}`, 'a string');
    }
    return headers;
  }
}
