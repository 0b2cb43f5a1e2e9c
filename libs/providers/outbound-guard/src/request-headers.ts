import { InvalidConfigurationError } from '@skill-service/contracts';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Any control character but horizontal tab: CR/LF would split the request (header injection).
// eslint-disable-next-line no-control-regex
const UNSAFE_VALUE = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/**
 * Caller headers, lower-cased and validated before anything is sent. Header values often come
 * from `${ENV}` placeholders, so a bad one is a configuration error naming the header, never
 * echoing the value (it is probably a secret).
 */
export function normaliseHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!TOKEN.test(name)) throw new InvalidConfigurationError(`Invalid outbound header name "${name.slice(0, 64)}"`);
    if (typeof value !== 'string' || UNSAFE_VALUE.test(value)) {
      throw new InvalidConfigurationError(`Invalid value for outbound header "${name}"`);
    }
    result[name.toLowerCase()] = value;
  }
  return result;
}

// Headers that carry no credentials; everything else is dropped on a cross-origin redirect.
const CROSS_ORIGIN_SAFE = new Set(['accept', 'accept-language', 'user-agent', 'content-type', 'traceparent', 'tracestate']);

/**
 * Headers to send to a different origin after a redirect. got itself only strips `authorization`
 * and `cookie`, but descriptors put API keys in arbitrary headers (`auth.header`), so the safe
 * direction is an allow-list of harmless ones.
 */
export function crossOriginHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => CROSS_ORIGIN_SAFE.has(name)));
}
