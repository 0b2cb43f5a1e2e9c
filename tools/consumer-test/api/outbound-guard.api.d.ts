// API report of @skill-service/outbound-guard: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_MAX_RETRY_AFTER_MS, DEFAULT_RETRY_STATUS_CODES, GuardedHttpClient, MAX_REDIRECTS, type GuardedHttpClientOptions, type OutboundRequest, type RetryOptions, } from "./guarded-http-client.js";
export { isOutboundBlockedError, OutboundBlockedError, type OutboundBlockReason } from "./outbound-blocked-error.js";
export { OutboundGuard, type CheckedDestination, type HostResolver, type OutboundGuardOptions, type ResolvedAddress, } from "./outbound-guard.js";
export type { OutboundResponse, ResponseHeaders } from "./outbound-response.js";
export type { HttpMethod } from "./redirect-hop.js";
export { traceparentFor } from "./traceparent.js";

// ---- guarded-http-client.d.ts
import type { OutboundGuard } from "./outbound-guard.js";
import type { OutboundResponse } from "./outbound-response.js";
import { type HttpMethod } from "./redirect-hop.js";
import { type OutboundHttpRequest, type OutboundRetry } from "@skill-service/bindings";
export type RetryOptions = OutboundRetry;
export interface OutboundRequest extends Omit<OutboundHttpRequest, "url" | "method"> {
    url: string | URL;
    method?: HttpMethod;
    json?: unknown;
    followRedirects?: boolean;
}
export interface GuardedHttpClientOptions {
    guard: OutboundGuard;
    keepAlive?: boolean;
    userAgent?: string;
}
export declare const DEFAULT_MAX_RESPONSE_BYTES: number;
export declare const DEFAULT_RETRY_STATUS_CODES: readonly number[];
export declare const DEFAULT_MAX_RETRY_AFTER_MS = 60000;
export declare const MAX_REDIRECTS = 5;
export declare class GuardedHttpClient {
    private readonly guard;
    private readonly agents;
    private readonly userAgent;
    constructor(options: GuardedHttpClientOptions);
    request(request: OutboundRequest): Promise<OutboundResponse>;
    close(): void;
    private firstHop;
    private tracedAttempt;
    private attempt;
    private check;
    private pause;
}

// ---- outbound-blocked-error.d.ts
import { InvalidConfigurationError } from "@skill-service/contracts";
export type OutboundBlockReason = "scheme" | "credentials" | "blocked_address" | "unresolvable" | "invalid_url";
export declare class OutboundBlockedError extends InvalidConfigurationError {
    readonly reason: OutboundBlockReason;
    readonly host: string | undefined;
    constructor(reason: OutboundBlockReason, host: string | undefined, purpose?: string, cause?: unknown);
}
export declare function isOutboundBlockedError(error: unknown): error is OutboundBlockedError;

// ---- outbound-guard.d.ts
export interface ResolvedAddress {
    address: string;
    family: number;
}
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;
export interface OutboundGuardOptions {
    allow?: readonly string[];
    resolve?: HostResolver;
}
export interface CheckedDestination {
    url: URL;
    host: string;
    port: number;
    addresses: ResolvedAddress[];
}
export declare class OutboundGuard {
    private readonly allowList;
    private readonly resolve;
    constructor(options?: OutboundGuardOptions);
    checkUrl(input: string | URL, purpose?: string): Promise<CheckedDestination>;
    private addressesOf;
}

// ---- outbound-response.d.ts
export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;
export interface OutboundResponse {
    status: number;
    headers: ResponseHeaders;
    body: Buffer;
    url: string;
    text(): string;
    json(): unknown;
}
export declare function outboundResponse(status: number, headers: ResponseHeaders, body: Buffer, url: URL): OutboundResponse;

// ---- redirect-hop.d.ts
export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
export interface Hop {
    method: HttpMethod;
    url: URL;
    headers: Record<string, string>;
    body: string | Buffer | undefined;
}
export declare function isRedirect(status: number, location: string | undefined): location is string;
export declare function nextHop(current: Hop, status: number, location: string): Hop;

// ---- traceparent.d.ts
export declare function traceparentFor(traceId: string): string;
