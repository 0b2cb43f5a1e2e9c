/**
 * The HTTP client port of the HTTP-speaking providers (openapi, openrpc). `GuardedHttpClient` of
 * `@skill-service/outbound-guard` implements it and is what the application injects; the client
 * owns guarding (scheme, address checks, pinning, redirects), retries and size caps.
 */
export type OutboundHttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface OutboundRetry {
  /** Extra attempts after the first. */
  limit: number;
  statusCodes?: readonly number[];
  maxRetryAfterMs?: number;
  /** Wait before retry `attempt` (1-based) when the answer has no `Retry-After`. */
  backoffMs?: (attempt: number) => number;
}

export interface OutboundHttpRequest {
  url: string;
  method?: OutboundHttpMethod;
  headers?: Readonly<Record<string, string>>;
  body?: string | Buffer;
  /** Deadline of each attempt. */
  timeoutMs: number;
  signal?: AbortSignal;
  maxResponseBytes?: number;
  retry?: OutboundRetry;
  /** Sent onward as a W3C `traceparent`. */
  traceId?: string;
  /** Names the request in guard refusals. */
  purpose?: string;
}

export interface OutboundHttpResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Buffer;
}

/** Returns any final status; throws ServiceErrors for refusals, transport failures and timeouts. */
export interface OutboundHttpClient {
  request(request: OutboundHttpRequest): Promise<OutboundHttpResponse>;
}

export function headerValue(headers: OutboundHttpResponse['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
