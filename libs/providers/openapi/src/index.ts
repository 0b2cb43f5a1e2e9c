/**
 * @skill-service/provider-openapi — the `openapi` protocol provider: `POST <base_url>/<operation>`
 * with the rendered payload as JSON, descriptor auth and headers with `${ENV_VAR}`s resolved at call
 * time, through the injected outbound-guard client (address checks, retries on 429/502/503/504,
 * size caps, `traceparent`), answering per `response_mode` and mapping failures to ServiceErrors.
 */
export { bodyPreview, MAX_PREVIEW_CHARS } from '@skill-service/bindings';
export { resolveEnvPlaceholders, type PlaceholderEnv } from '@skill-service/bindings';
export {
  DEFAULT_MAX_REQUEST_BYTES,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_RETRY_COUNT,
  openApiCallOptions,
  type OpenApiCallOptions,
  type ResponseMode,
} from './openapi-call-options.js';
export { OpenApiProvider, type OpenApiProviderOptions } from './openapi-provider.js';
export { outboundHeaders, type OutboundHeaders } from '@skill-service/bindings';
export type {
  OutboundHttpClient,
  OutboundHttpMethod,
  OutboundHttpRequest,
  OutboundHttpResponse,
  OutboundRetry,
} from '@skill-service/bindings';
export type { ServiceOutcome } from '@skill-service/bindings';
