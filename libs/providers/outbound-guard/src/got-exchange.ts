import { UpstreamFailureError } from '@skill-service/contracts';
import type { Response } from 'got';
import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { once } from 'node:events';
import type { OutboundResponse } from './outbound-response.js';
import { outboundResponse } from './outbound-response.js';
import type { CheckedDestination } from './outbound-guard.js';
import { pinnedLookup } from './pinned-lookup.js';
import type { Hop } from './redirect-hop.js';

export interface ExchangeContext {
  agents: { http: HttpAgent; https: HttpsAgent };
  /** Aborts the exchange: the caller's signal and the per-attempt deadline combined. */
  signal: AbortSignal;
  maxResponseBytes: number;
}

const BODYLESS_STATUSES = new Set([204, 205, 304]);
// got loads on the first outbound call: its dependencies build ICU list formatters and http2
// tables at import (~4 MB of RSS in a server that may never call out).
let gotLoad: Promise<typeof import('got').default> | undefined;
const loadGot = (): Promise<typeof import('got').default> => (gotLoad ??= import('got').then((module) => module.default));

/**
 * Exactly one HTTP exchange with got (no got retries, no got redirects: the client owns both so
 * every hop is re-checked), connected to the guard-checked addresses only, the body streamed and
 * counted so an oversized answer is cut off instead of buffered.
 */
export async function exchange(hop: Hop, destination: CheckedDestination, context: ExchangeContext): Promise<OutboundResponse> {
  const { maxResponseBytes } = context;
  const got = await loadGot();
  const stream = got.stream(hop.url, {
    method: hop.method,
    headers: hop.headers,
    // In stream mode got waits for the caller to end the upload of any request that may carry a
    // body; an empty string ends it (and sends `content-length: 0`, which is right for a POST).
    body: hop.body ?? (hop.method === 'GET' || hop.method === 'HEAD' ? undefined : ''),
    // Some providers expect a JSON body even with GET; keep that possible.
    allowGetBody: hop.body !== undefined,
    dnsLookup: pinnedLookup(destination),
    agent: context.agents,
    signal: context.signal,
    followRedirect: false,
    throwHttpErrors: false,
    retry: { limit: 0 },
    http2: false,
    // got reads no proxy variables, which is what we want: a proxy would connect to a host the
    // guard never checked.
  });
  // Late errors (after we stopped listening) must not become uncaught exceptions.
  stream.on('error', () => undefined);

  try {
    const [response] = (await once(stream, 'response')) as [Response];
    const declared = Number(response.headers['content-length']);
    const hasBody = hop.method !== 'HEAD' && !BODYLESS_STATUSES.has(response.statusCode);
    if (hasBody && Number.isFinite(declared) && declared > maxResponseBytes) throw tooLarge(hop, maxResponseBytes);

    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      received += chunk.length;
      // Counted after decompression: a small gzip bomb is caught too.
      if (received > maxResponseBytes) throw tooLarge(hop, maxResponseBytes);
      chunks.push(chunk);
    }
    return outboundResponse(response.statusCode, response.headers, Buffer.concat(chunks, received), hop.url);
  } finally {
    // Releases the socket (or closes it mid-body) whatever happened above.
    if (!stream.destroyed) stream.destroy();
  }
}

function tooLarge(hop: Hop, limit: number): UpstreamFailureError {
  return new UpstreamFailureError(`Upstream ${hop.url.host} response exceeds ${limit} bytes`);
}
