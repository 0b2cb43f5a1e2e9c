import { UpstreamFailureError } from '@skill-service/contracts';
import type { ResponseMode } from './openapi-call-options.js';
import { withContentJson } from './openai-content-json.js';
import { headerValue, type OutboundHttpResponse } from '@skill-service/bindings';

const BODYLESS = new Set([204, 205]);

/**
 * The raw answer of a 2xx response, by the binding's `response_mode`:
 * - `json` (default): the parsed body (204/205 → `{}`); a declared non-JSON content type, an empty
 *   body or malformed JSON is a 502, since the binding's response mapping could only fail later;
 * - `text`: `{text}`;
 * - `raw`: `{body, content_type}`; a binary body is base64 with `encoding: 'base64'`.
 */
export function decodeResponse(mode: ResponseMode, response: OutboundHttpResponse, serviceId: string): unknown {
  const contentType = headerValue(response.headers, 'content-type')?.trim();
  switch (mode) {
    case 'text':
      return { text: response.body.toString('utf8') };
    case 'raw':
      return isTextual(contentType)
        ? { body: response.body.toString('utf8'), content_type: contentType ?? null }
        : { body: response.body.toString('base64'), content_type: contentType ?? null, encoding: 'base64' };
    case 'json':
      return decodeJson(response, contentType, serviceId);
  }
}

function decodeJson(response: OutboundHttpResponse, contentType: string | undefined, serviceId: string): unknown {
  if (BODYLESS.has(response.status)) return {};
  // No content type at all: give the body a chance (some small services omit it).
  if (contentType !== undefined && contentType !== '' && !isJson(contentType)) {
    throw new UpstreamFailureError(`Provider '${serviceId}' answered ${mediaType(contentType)}, expected JSON`);
  }
  const text = response.body.toString('utf8');
  if (text.trim() === '') throw new UpstreamFailureError(`Provider '${serviceId}' answered an empty body, expected JSON`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const declared = contentType === undefined || contentType === '' ? 'a body without a content type' : 'malformed JSON';
    throw new UpstreamFailureError(`Provider '${serviceId}' answered ${declared}, expected JSON`, { cause: error });
  }
  return withContentJson(parsed);
}

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase().slice(0, 100) || 'an unknown content type';
}

function isJson(contentType: string): boolean {
  const type = mediaType(contentType);
  return type === 'application/json' || type === 'text/json' || type.endsWith('+json');
}

function isTextual(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType === '') return true;
  const type = mediaType(contentType);
  return type.startsWith('text/') || isJson(contentType) || /[/+](xml|javascript|x-www-form-urlencoded|yaml)$/.test(type);
}
