import { InvalidConfigurationError, InvalidRequestError } from '@skill-service/contracts';
import { defineCapability } from '../../define-capability.js';
import { boolean, integer, object, text } from '../../json-schema.js';
import { LIMITS } from '../../limits.js';

interface Input {
  url: string;
  timeout_seconds?: number;
  max_bytes?: number;
}

const NEVER_ABORTED = new AbortController().signal;

function badUrl(message: string): InvalidRequestError {
  return new InvalidRequestError(`Invalid input: inputs.url ${message}`, { details: [{ path: 'inputs.url', message }] });
}

/**
 * The one built-in capability with I/O, done through the `fetchPage` port: the server that hosts
 * the capabilities decides how pages are fetched (the service uses its outbound guard, which
 * refuses private and loopback addresses unless the operator allows them).
 */
export const webPageFetch = defineCapability<Input>({
  id: 'web.page.fetch',
  description:
    'Fetches a web page over http(s) through the host’s outbound guard (private, loopback and metadata addresses refused, redirects re-checked) and returns its status, final URL, content type and body as text.',
  inputSchema: object(
    {
      url: text('Absolute http(s) URL.', { maxLength: 2048, minLength: 1 }),
      timeout_seconds: integer('Time allowed for the whole fetch.', { minimum: 1, maximum: 60, default: 15 }),
      max_bytes: integer('Largest body accepted; larger responses fail.', { minimum: 1, maximum: LIMITS.textChars, default: LIMITS.textChars }),
    },
    ['url'],
  ),
  outputSchema: object(
    {
      status: integer('HTTP status.'),
      ok: boolean('Whether the status is 2xx.'),
      url: text('The URL after redirects.', { maxLength: 2048 }),
      content_type: text('The Content-Type header (empty when absent).', { maxLength: 1000 }),
      body: text('The body decoded as UTF-8.'),
    },
    ['status', 'ok', 'url', 'content_type', 'body'],
  ),
  async compute(input, ports) {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      throw badUrl('is not an absolute URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badUrl('must use http or https');
    if (ports.fetchPage === undefined) {
      throw new InvalidConfigurationError('web.page.fetch has no page fetcher in this server: pages cannot be fetched here');
    }
    const page = await ports.fetchPage(url.href, {
      signal: ports.signal ?? NEVER_ABORTED,
      timeoutMs: (input.timeout_seconds ?? 15) * 1000,
      maxBytes: input.max_bytes ?? LIMITS.textChars,
    });
    return { status: page.status, ok: page.status >= 200 && page.status < 300, url: page.url, content_type: page.contentType, body: page.body };
  },
});
