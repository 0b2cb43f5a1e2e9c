import { InvalidConfigurationError, UpstreamFailureError, UpstreamTimeoutError, type ServiceError } from '@skill-service/contracts';
import { bodyPreview, headerValue, type OutboundHttpResponse } from '@skill-service/bindings';
import { isRecord, jsonRpcError, type RpcContext } from './json-rpc-error.js';

/**
 * The `result` of a JSON-RPC answer to the request with `expectedId`, or the ServiceError it
 * amounts to. Anything that is not a well-formed response to *this* request is a 502: a non-JSON
 * or empty body, a batch, a wrong `jsonrpc`, a mismatched `id`, no `result`. A non-2xx status is a
 * 502 too, unless its body is a JSON-RPC error for this request (then that error decides), or it
 * is 401/403 (the configured credentials were refused: 409) or 504 (`upstream_timeout`).
 */
export function jsonRpcResult(response: OutboundHttpResponse, expectedId: string, context: RpcContext): unknown {
  const { serviceId, method } = context;
  const ok = response.status >= 200 && response.status <= 299;
  if (response.status === 401 || response.status === 403) {
    return fail(new InvalidConfigurationError(`Provider '${serviceId}' refused the configured credentials (HTTP ${response.status}) for '${method}'`));
  }
  const parsed = parseJson(response);
  if (!ok) {
    if (isRecord(parsed) && isRecord(parsed.error) && (parsed.id === expectedId || parsed.id === null)) {
      return fail(jsonRpcError(parsed.error, context));
    }
    const preview = bodyPreview(response.body, context.secrets);
    const text = `Provider '${serviceId}' answered HTTP ${response.status} for '${method}'${preview === '' ? '' : `: ${preview}`}`;
    const options = { details: { status: response.status, body_preview: preview } };
    return fail(response.status === 504 ? new UpstreamTimeoutError(text, options) : new UpstreamFailureError(text, options));
  }
  if (parsed === undefined) {
    const contentType = headerValue(response.headers, 'content-type');
    const what = response.body.length === 0 ? 'an empty body' : isJsonType(contentType) || !contentType ? 'malformed JSON' : mediaType(contentType);
    return fail(new UpstreamFailureError(`Provider '${serviceId}' answered ${what}, expected JSON`));
  }
  if (!isRecord(parsed) || (parsed.jsonrpc !== undefined && parsed.jsonrpc !== '2.0')) {
    return fail(new UpstreamFailureError(`Provider '${serviceId}' answered '${method}' with something that is not a JSON-RPC 2.0 response`));
  }
  const hasError = parsed.error !== undefined && parsed.error !== null;
  // An error about a request the server could not read carries id null (JSON-RPC 2.0 §5).
  if (hasError && (parsed.id === expectedId || parsed.id === null)) return fail(jsonRpcError(parsed.error, context));
  if (parsed.id !== expectedId) {
    return fail(new UpstreamFailureError(`Provider '${serviceId}' answered '${method}' with a mismatched id ${describeId(parsed.id)}`));
  }
  if (!Object.hasOwn(parsed, 'result')) {
    return fail(new UpstreamFailureError(`Provider '${serviceId}' answered '${method}' without a result`));
  }
  return parsed.result;
}

function fail(error: ServiceError): never {
  throw error;
}

/** The parsed body when it is JSON (by content type, or without one); undefined otherwise. */
function parseJson(response: OutboundHttpResponse): unknown {
  const contentType = headerValue(response.headers, 'content-type');
  if (contentType && !isJsonType(contentType)) return undefined;
  try {
    return JSON.parse(response.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase().slice(0, 100) || 'an unknown content type';
}

function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = mediaType(contentType);
  return type === 'application/json' || type === 'text/json' || type.endsWith('+json');
}

function describeId(id: unknown): string {
  if (id === undefined) return '(none)';
  const text = JSON.stringify(id);
  return text.length <= 40 ? text : `${text.slice(0, 39)}…`;
}
