import { UpstreamFailureError } from '@skill-service/contracts';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { exchange } from './got-exchange.js';
import { OutboundBlockedError } from './outbound-blocked-error.js';
import type { CheckedDestination, OutboundGuard } from './outbound-guard.js';
import type { OutboundResponse } from './outbound-response.js';
import { isRedirect, nextHop, type Hop, type HttpMethod } from './redirect-hop.js';
import { normaliseHeaders } from './request-headers.js';
import { parseRetryAfter, type OutboundHttpRequest, type OutboundRetry } from '@skill-service/bindings';
import { abortableSleep, activeTraceparent, markSpanFailed, SPAN_ATTRIBUTES, traced, type TracedSpan } from '@skill-service/util';
import { traceparentFor } from './traceparent.js';
import { abortError, DeadlineExceeded, toServiceError } from './transport-error.js';

/** Status-based retries: a failed connection is reported, not repeated (a POST may have landed). */
export type RetryOptions = OutboundRetry;

/** The provider port's request, plus what only this client offers (JSON bodies, redirect control). */
export interface OutboundRequest extends Omit<OutboundHttpRequest, 'url' | 'method'> {
  url: string | URL;
  method?: HttpMethod;
  /** Sent as `application/json` (unless a content-type header says otherwise). */
  json?: unknown;
  /** Default true, at most 5 hops; false returns a 3xx as is. */
  followRedirects?: boolean;
}

export interface GuardedHttpClientOptions {
  guard: OutboundGuard;
  /** Keep connections to an upstream open between requests; default true. */
  keepAlive?: boolean;
  userAgent?: string;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_RETRY_STATUS_CODES: readonly number[] = [429, 502, 503, 504];
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;
export const MAX_REDIRECTS = 5;

const defaultBackoff = (attempt: number) => 1000 * 2 ** (attempt - 1);

/**
 * The one HTTP client for every outbound call (openapi, openrpc, webhooks, web.page.fetch).
 * Each hop, redirects included, is checked by the guard first and connected to the addresses that
 * were checked. Any final status is returned; only transport problems, timeouts, aborts, oversized
 * bodies and guard refusals throw (as ServiceErrors). Call `close()` on shutdown.
 */
export class GuardedHttpClient {
  private readonly guard: OutboundGuard;
  // Own agents: pooled sockets are then only ever ones this client's guard approved.
  private readonly agents: { http: HttpAgent; https: HttpsAgent };
  private readonly userAgent: string;

  constructor(options: GuardedHttpClientOptions) {
    this.guard = options.guard;
    const keepAlive = options.keepAlive ?? true;
    this.agents = { http: new HttpAgent({ keepAlive }), https: new HttpsAgent({ keepAlive }) };
    this.userAgent = options.userAgent ?? 'skill-service';
  }

  async request(request: OutboundRequest): Promise<OutboundResponse> {
    // Programming errors of the calling provider, not upstream or configuration problems.
    if (request.json !== undefined && request.body !== undefined) {
      throw new TypeError('Pass either json or body, not both');
    }
    const maxResponseBytes = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    if (!(request.timeoutMs > 0) || !(maxResponseBytes >= 0)) {
      throw new TypeError('timeoutMs must be positive and maxResponseBytes not negative');
    }
    const retry = request.retry;
    const retryStatuses = retry?.statusCodes ?? DEFAULT_RETRY_STATUS_CODES;
    const maxWait = retry?.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    const followRedirects = request.followRedirects ?? true;

    let hop = this.firstHop(request);
    let retries = 0;
    let redirects = 0;
    for (;;) {
      const response = await this.tracedAttempt(hop, request, maxResponseBytes, retries + redirects);
      if (retry !== undefined && retries < retry.limit && retryStatuses.includes(response.status)) {
        retries += 1;
        const retryAfter = parseRetryAfter(headerValue(response.headers['retry-after']));
        const wait = Math.min(retryAfter ?? (retry.backoffMs ?? defaultBackoff)(retries), maxWait);
        await this.pause(Number.isFinite(wait) ? Math.max(0, wait) : 0, request.signal, hop.url.host, request.timeoutMs);
        continue;
      }
      const location = headerValue(response.headers.location);
      if (followRedirects && isRedirect(response.status, location)) {
        redirects += 1;
        if (redirects > MAX_REDIRECTS) {
          throw new UpstreamFailureError(`Upstream ${hop.url.host} redirected more than ${MAX_REDIRECTS} times`);
        }
        hop = nextHop(hop, response.status, location);
        continue;
      }
      return response;
    }
  }

  /** Destroys pooled sockets; requests after this still work but open fresh connections. */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private firstHop(request: OutboundRequest): Hop {
    const headers: Record<string, string> = { 'user-agent': this.userAgent, ...normaliseHeaders(request.headers) };
    let body = request.body;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers['content-type'] ??= 'application/json';
    }
    let url: URL;
    try {
      url = new URL(request.url);
    } catch (error) {
      throw new OutboundBlockedError('invalid_url', undefined, request.purpose, error);
    }
    return { method: request.method ?? (body === undefined ? 'GET' : 'POST'), url, headers, body };
  }

  /**
   * One exchange in an HTTP client span (OpenTelemetry's HTTP conventions): the method, the URL
   * without its query or user info, the status, and how many exchanges came before it.
   */
  private tracedAttempt(hop: Hop, request: OutboundRequest, maxResponseBytes: number, resends: number): Promise<OutboundResponse> {
    const { url } = hop;
    const attributes = {
      [SPAN_ATTRIBUTES.httpMethod]: hop.method,
      [SPAN_ATTRIBUTES.urlFull]: `${url.protocol}//${url.host}${url.pathname}`,
      [SPAN_ATTRIBUTES.serverAddress]: url.hostname,
      [SPAN_ATTRIBUTES.serverPort]: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      [SPAN_ATTRIBUTES.httpResendCount]: resends > 0 ? resends : undefined,
    };
    return traced(hop.method, { kind: 'client', attributes }, async (span: TracedSpan) => {
      const response = await this.attempt(hop, request, maxResponseBytes);
      span.setAttribute(SPAN_ATTRIBUTES.httpStatus, response.status);
      if (response.status >= 400) markSpanFailed(span, String(response.status));
      return response;
    });
  }

  /** Check the hop's destination, then one exchange, all under one per-attempt deadline. */
  private async attempt(hop: Hop, request: OutboundRequest, maxResponseBytes: number): Promise<OutboundResponse> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DeadlineExceeded()), request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline.signal]) : deadline.signal;
    const host = hop.url.host;
    try {
      const destination = await abortable(this.check(hop.url, request.purpose), signal);
      // The client span's own context when tracing is on; else the service's trace id carried onward.
      const traceparent = activeTraceparent() ?? (request.traceId === undefined ? undefined : traceparentFor(request.traceId));
      const headers = traceparent === undefined ? hop.headers : { ...hop.headers, traceparent };
      return await exchange({ ...hop, headers }, destination, { agents: this.agents, signal, maxResponseBytes });
    } catch (error) {
      throw toServiceError(error, host, signal, request.timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  }

  private async check(url: URL, purpose: string | undefined): Promise<CheckedDestination> {
    try {
      return await this.guard.checkUrl(url, purpose);
    } catch (error) {
      // A name that does not resolve right now is an upstream failure (often transient), not a
      // refusal; webhook registration calls the guard directly and keeps the 409.
      if (error instanceof OutboundBlockedError && error.reason === 'unresolvable') {
        throw new UpstreamFailureError(`Upstream ${error.host ?? url.host} could not be resolved`, { cause: error });
      }
      throw error;
    }
  }

  private async pause(ms: number, signal: AbortSignal | undefined, host: string, timeoutMs: number): Promise<void> {
    try {
      await abortableSleep(ms, signal ?? new AbortController().signal);
    } catch (error) {
      if (signal?.aborted) throw abortError(signal, host, timeoutMs, error);
      throw error;
    }
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Settles with `promise`, or rejects as soon as `signal` aborts (DNS lookups cannot be cancelled). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
