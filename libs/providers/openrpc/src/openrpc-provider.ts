import { callDeadline, headerValue, outboundHeaders, type OutboundHttpClient, type OutboundHttpResponse, parseRetryAfter, DEFAULT_PLACEHOLDER_RULES, type PlaceholderEnv, type PlaceholderRules, type ProtocolProvider, type ProviderCall, type ProviderHealth, serviceBaseUrl, ServiceOutcomes } from '@skill-service/bindings';
import {
  InvalidConfigurationError,
  InvalidRequestError,
  ServiceError,
  UpstreamTimeoutError,
  type ServiceDescriptor,
} from '@skill-service/contracts';
import { randomUUID } from 'node:crypto';
import { abortableSleep } from '@skill-service/util';
import { jsonRpcResult } from './json-rpc-answer.js';
import { rpcCallOptions } from './rpc-call-options.js';

export interface OpenRpcProviderOptions {
  /** The guarded client (`GuardedHttpClient`); its owner closes it. */
  readonly client: OutboundHttpClient;
  /** Source of `${ENV_VAR}` placeholders, read at each call (the app passes `process.env`). */
  readonly env: PlaceholderEnv;
  /** Which variables placeholders may read (`SERVICE_*`/`OTEL_*` never); default: any other. */
  readonly placeholderRules?: PlaceholderRules;
}

/** Statuses that say the server did not act on the request, when they come with `Retry-After`. */
const RETRYABLE = new Set([429, 503]);
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The `openrpc` protocol: JSON-RPC 2.0 over HTTP. `POST <base_url>` with
 * `{jsonrpc: "2.0", method: <operation>, params: <payload>, id: <fresh uuid>}`, the same auth,
 * headers, `${ENV_VAR}`s, guard, timeout and size caps as openapi; returns the answer's `result`.
 *
 * Retries: JSON-RPC methods are not known to be idempotent, and a POST that reached the server may
 * have acted. So transport failures, timeouts and 5xx are never repeated; only a 429 or 503 that
 * carries `Retry-After` is (the server explicitly refused and asked to come back), at most
 * `retry_count` times (default 2), waiting as asked when that fits in the call's time.
 */
export class OpenRpcProvider implements ProtocolProvider {
  readonly protocol = 'openrpc' as const;
  private readonly client: OutboundHttpClient;
  private readonly env: PlaceholderEnv;
  private readonly rules: PlaceholderRules;
  private readonly outcomes = new ServiceOutcomes();

  constructor(options: OpenRpcProviderOptions) {
    this.client = options.client;
    this.env = options.env;
    this.rules = options.placeholderRules ?? DEFAULT_PLACEHOLDER_RULES;
  }

  async call(call: ProviderCall): Promise<unknown> {
    const service = call.service;
    if (service === undefined) {
      throw new InvalidConfigurationError(`Binding '${call.binding.id}' names no service descriptor; openrpc needs one.`);
    }
    return this.outcomes.track(service.id, () => this.invoke(call, service));
  }

  async health(): Promise<ProviderHealth> {
    return this.outcomes.health(this.protocol);
  }

  private async invoke(call: ProviderCall, service: ServiceDescriptor): Promise<unknown> {
    const { binding } = call;
    const options = rpcCallOptions(binding, service);
    const url = serviceBaseUrl(service, this.env, this.rules);
    const { headers, secrets } = outboundHeaders(service, options.headers, this.env, this.rules);
    headers['content-type'] = 'application/json';
    headers['accept'] ??= 'application/json';
    const id = randomUUID();
    const body = JSON.stringify({ jsonrpc: '2.0', method: binding.operation, params: call.payload, id });
    if (Buffer.byteLength(body) > options.maxRequestBytes) {
      throw new InvalidRequestError(
        `Request to provider '${service.id}' is ${Buffer.byteLength(body)} bytes, above its limit of ${options.maxRequestBytes}.`,
      );
    }
    const deadline = performance.now() + call.timeoutMs;
    const { signal, dispose } = callDeadline(call.signal, call.timeoutMs);
    const context = { serviceId: service.id, method: binding.operation, secrets };
    try {
      for (let retries = 0; ; retries += 1) {
        const response = await this.client.request({
          url,
          method: 'POST',
          headers,
          body,
          timeoutMs: Math.max(1, Math.min(deadline - performance.now(), options.timeoutMs ?? Number.POSITIVE_INFINITY)),
          signal,
          maxResponseBytes: options.maxResponseBytes,
          traceId: call.traceId,
          purpose: `Call to service '${service.id}'`,
        });
        // Sent again only when a 429/503 asked for it with Retry-After (see the class comment).
        const wait = retries < options.retryCount ? requestedWait(response) : undefined;
        if (wait === undefined || performance.now() + wait >= deadline) return jsonRpcResult(response, id, context);
        await pause(wait, signal, service.id);
      }
    } finally {
      dispose();
    }
  }
}

/** The wait a 429/503 asks for, if it asks (capped); undefined means "final answer". */
function requestedWait(response: OutboundHttpResponse): number | undefined {
  if (!RETRYABLE.has(response.status)) return undefined;
  const wait = parseRetryAfter(headerValue(response.headers, 'retry-after'));
  return wait === undefined || wait > MAX_RETRY_AFTER_MS ? undefined : wait;
}

async function pause(ms: number, signal: AbortSignal, serviceId: string): Promise<void> {
  try {
    await abortableSleep(ms, signal);
  } catch (error) {
    if ((signal.reason as { name?: unknown } | undefined)?.name === 'TimeoutError') {
      throw new UpstreamTimeoutError(`Provider '${serviceId}' did not answer in time`, { cause: error });
    }
    throw new ServiceError('service_unavailable', `Call to provider '${serviceId}' was aborted`, { cause: signal.reason });
  }
}
