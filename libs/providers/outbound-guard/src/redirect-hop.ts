import { UpstreamFailureError } from '@skill-service/contracts';
import { crossOriginHeaders } from './request-headers.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** One request as it is sent to one URL (the first URL, or a redirect target). */
export interface Hop {
  method: HttpMethod;
  url: URL;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function isRedirect(status: number, location: string | undefined): location is string {
  return REDIRECT_STATUSES.has(status) && location !== undefined && location !== '';
}

/**
 * The request to send after a redirect, following the Fetch standard: 303 (and 301/302 after a
 * POST) becomes a body-less GET, 307/308 repeat method and body. Leaving the origin drops every
 * header that could carry a credential. The target still has to pass the guard: the caller checks
 * it like any other URL before connecting.
 */
export function nextHop(current: Hop, status: number, location: string): Hop {
  let url: URL;
  try {
    // Node hands header values over as latin1; re-read them as UTF-8 like browsers do.
    url = new URL(Buffer.from(location, 'latin1').toString('utf8'), current.url);
  } catch (error) {
    throw new UpstreamFailureError(`Upstream ${current.url.host} redirected to an invalid URL`, { cause: error });
  }
  url.hash = '';
  const toGet = (status === 303 && current.method !== 'HEAD') || ((status === 301 || status === 302) && current.method === 'POST');
  let headers = { ...current.headers };
  if (toGet) {
    delete headers['content-type'];
    delete headers['content-length'];
  }
  if (url.origin !== current.url.origin) headers = crossOriginHeaders(headers);
  return {
    method: toGet ? 'GET' : current.method,
    url,
    headers,
    body: toGet ? undefined : current.body,
  };
}
