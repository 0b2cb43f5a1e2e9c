import { callDeadline, outboundHeaders, type OutboundHttpClient, DEFAULT_PLACEHOLDER_RULES, type PlaceholderEnv, type PlaceholderRules, type ProtocolProvider, type ProviderCall, type ProviderHealth, serviceBaseUrl, ServiceOutcomes } from '@skill-service/bindings';
import { InvalidConfigurationError, InvalidRequestError, type ServiceDescriptor } from '@skill-service/contracts';
import { openApiCallOptions } from './openapi-call-options.js';
import { operationUrl } from './operation-url.js';
import { decodeResponse } from './response-decoding.js';
import { upstreamStatusError } from './upstream-status-error.js';

export interface OpenApiProviderOptions {
  /** The guarded client (`GuardedHttpClient`); its owner closes it. */
  readonly client: OutboundHttpClient;
  /** Source of `${ENV_VAR}` placeholders, read at each call (the app passes `process.env`). */
  readonly env: PlaceholderEnv;
  /** Which variables placeholders may read (`SERVICE_*`/`OTEL_*` never); default: any other. */
  readonly placeholderRules?: PlaceholderRules;
}

/** Retried by the client, honouring `Retry-After` (capped at 60 s): the statuses that say "try again", not "you are wrong". */
const RETRY_STATUSES: readonly number[] = [429, 502, 503, 504];

/**
 * The `openapi` protocol: `POST <base_url>/<operation>` with the rendered payload as JSON, the
 * descriptor's auth and headers (binding headers win), `${ENV_VAR}`s resolved at call time, through
 * the injected guarded client (address checks, retries, size cap, `traceparent`). Returns the
 * provider's raw answer per `response_mode`; failures are ServiceErrors (see upstreamStatusError).
 * It owns no sockets (the injected client does, and its owner closes it), hence no `close()`.
 */
export class OpenApiProvider implements ProtocolProvider {
  readonly protocol = 'openapi' as const;
  private readonly client: OutboundHttpClient;
  private readonly env: PlaceholderEnv;
  private readonly rules: PlaceholderRules;
  private readonly outcomes = new ServiceOutcomes();

  constructor(options: OpenApiProviderOptions) {
    this.client = options.client;
    this.env = options.env;
    this.rules = options.placeholderRules ?? DEFAULT_PLACEHOLDER_RULES;
  }

  async call(call: ProviderCall): Promise<unknown> {
    const service = call.service;
    if (service === undefined) {
      throw new InvalidConfigurationError(`Binding '${call.binding.id}' names no service descriptor; openapi needs one.`);
    }
    return this.outcomes.track(service.id, () => this.invoke(call, service));
  }

  async health(): Promise<ProviderHealth> {
    return this.outcomes.health(this.protocol);
  }

  private async invoke(call: ProviderCall, service: ServiceDescriptor): Promise<unknown> {
    const { binding } = call;
    const options = openApiCallOptions(binding, service);
    const url = operationUrl(serviceBaseUrl(service, this.env, this.rules), binding.operation);
    const { headers, secrets } = outboundHeaders(service, options.headers, this.env, this.rules);
    const sendsBody = options.method !== 'HEAD';
    const body = sendsBody ? JSON.stringify(call.payload) : undefined;
    if (body !== undefined && Buffer.byteLength(body) > options.maxRequestBytes) {
      throw new InvalidRequestError(
        `Request to provider '${service.id}' is ${Buffer.byteLength(body)} bytes, above its limit of ${options.maxRequestBytes}.`,
      );
    }
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.responseMode === 'json') headers['accept'] ??= 'application/json';

    const deadline = callDeadline(call.signal, call.timeoutMs);
    let response;
    try {
      response = await this.client.request({
      url,
      method: options.method,
      headers,
      ...(body === undefined ? {} : { body }),
      // Per attempt; the signal bounds the whole call, retries and their waits included.
      timeoutMs: Math.max(1, Math.min(call.timeoutMs, options.timeoutMs ?? Number.POSITIVE_INFINITY)),
      signal: deadline.signal,
      maxResponseBytes: options.maxResponseBytes,
      retry: {
        limit: options.retryCount,
        statusCodes: RETRY_STATUSES,
        backoffMs: (attempt) => options.backoffBaseMs * options.backoffFactor ** (attempt - 1),
      },
      traceId: call.traceId,
      purpose: `Call to service '${service.id}'`,
      });
    } finally {
      deadline.dispose();
    }
    if (response.status < 200 || response.status > 299) {
      throw upstreamStatusError({ serviceId: service.id, operation: binding.operation, status: response.status, body: response.body, secrets });
    }
    return decodeResponse(options.responseMode, response, service.id);
  }
}
