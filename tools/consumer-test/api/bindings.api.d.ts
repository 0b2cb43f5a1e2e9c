// API report of @skill-service/bindings: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export type { BindingCatalog } from "./binding-catalog.js";
export { BindingExecutor, type BindingExecutorOptions, type BindingObserver } from "./binding-executor.js";
export { CircuitBreaker, type CircuitBreakerOptions, type CircuitState } from "./circuit-breaker.js";
export { conformanceGap, requiredProfileFor } from "./conformance.js";
export type { ProtocolProvider, ProviderCall, ProviderHealth } from "./protocol-provider.js";
export { renderRequest } from "./request-template.js";
export { DEFAULT_PREFERENCE, resolveBindingChain, type BindingChain, type SelectionSource } from "./resolve-binding-chain.js";
export { mapResponse } from "./response-mapping.js";
export { bodyPreview, MAX_PREVIEW_CHARS } from "./outbound/body-preview.js";
export { callDeadline, type CallDeadline } from "./outbound/call-deadline.js";
export { childEnvironment } from "./outbound/child-environment.js";
export { DEFAULT_PLACEHOLDER_RULES, PlaceholderRules, hasPlaceholder, resolveEnvPlaceholders, type PlaceholderEnv } from "./outbound/env-placeholders.js";
export { outboundHeaders, type OutboundHeaders } from "./outbound/outbound-headers.js";
export { headerValue, type OutboundHttpClient, type OutboundHttpMethod, type OutboundHttpRequest, type OutboundHttpResponse, type OutboundRetry, } from "./outbound/outbound-http-client.js";
export { serviceBaseUrl } from "./outbound/service-base-url.js";
export { ServiceOutcomes, type ServiceOutcome } from "./outbound/service-outcomes.js";
export { parseRetryAfter } from "./outbound/retry-after.js";

// ---- binding-catalog.d.ts
import type { BindingDefinition, SelectionPolicy, ServiceDescriptor } from "@skill-service/contracts";
export interface BindingCatalog {
    readonly services: ReadonlyMap<string, ServiceDescriptor>;
    readonly bindings: ReadonlyMap<string, BindingDefinition>;
    readonly bindingsByCapability: ReadonlyMap<string, readonly BindingDefinition[]>;
    readonly policy: SelectionPolicy;
}

// ---- binding-executor.d.ts
import { type BindingAttempt, type CapabilityDefinition, type CapabilityInvocation, type CapabilityInvocationResult, type CapabilityInvoker, type ConformanceProfile, type ResolutionPlan } from "@skill-service/contracts";
import type { BindingCatalog } from "./binding-catalog.js";
import { CircuitBreaker } from "./circuit-breaker.js";
import type { ProtocolProvider } from "./protocol-provider.js";
export interface BindingObserver {
    attempt?(capabilityId: string, attempt: BindingAttempt): void;
    fallback?(capabilityId: string, fromBindingId: string, toBindingId: string): void;
}
export interface BindingExecutorOptions {
    readonly catalog: BindingCatalog | (() => BindingCatalog);
    readonly providers: readonly ProtocolProvider[];
    readonly preference?: readonly string[];
    readonly breaker?: CircuitBreaker;
    readonly observer?: BindingObserver;
    readonly now?: () => number;
}
export declare class BindingExecutor implements CapabilityInvoker {
    readonly breaker: CircuitBreaker;
    private readonly catalogOf;
    private readonly providers;
    private readonly preference;
    private readonly observer;
    private readonly now;
    private readonly plans;
    constructor(options: BindingExecutorOptions);
    explain(capability: CapabilityDefinition, requested?: ConformanceProfile): ResolutionPlan;
    private cachedPlan;
    private resolvePlan;
    invoke(invocation: CapabilityInvocation): Promise<CapabilityInvocationResult>;
    private invokeChain;
    private callBinding;
    private callProvider;
}

// ---- circuit-breaker.d.ts
export type CircuitState = "closed" | "open" | "half_open";
export interface CircuitBreakerOptions {
    readonly failureThreshold?: number;
    readonly openMs?: number;
    readonly now?: () => number;
    readonly onOpen?: (serviceId: string) => void;
}
export declare class CircuitBreaker {
    private readonly circuits;
    private readonly threshold;
    private readonly openMs;
    private readonly now;
    private readonly onOpen;
    constructor(options?: CircuitBreakerOptions);
    state(serviceId: string): CircuitState;
    tryAcquire(serviceId: string): boolean;
    recordSuccess(serviceId: string): void;
    recordNeutral(serviceId: string): void;
    recordFailure(serviceId: string): void;
    snapshot(): Record<string, {
        state: CircuitState;
        failures: number;
    }>;
}

// ---- conformance.d.ts
import { ConformanceProfile, type CapabilityDefinition } from "@skill-service/contracts";
export declare function requiredProfileFor(capability: CapabilityDefinition, requested: ConformanceProfile | undefined): ConformanceProfile;
export declare function conformanceGap(profile: ConformanceProfile, required: ConformanceProfile): string | undefined;

// ---- outbound/body-preview.d.ts
export declare const MAX_PREVIEW_CHARS = 180;
export declare function bodyPreview(body: Buffer | string, secrets?: readonly string[], maxChars?: number): string;

// ---- outbound/call-deadline.d.ts
export interface CallDeadline {
    readonly signal: AbortSignal;
    dispose(): void;
}
export declare function callDeadline(callerSignal: AbortSignal, timeoutMs: number): CallDeadline;

// ---- outbound/child-environment.d.ts
import { type PlaceholderEnv, type PlaceholderRules } from "./env-placeholders.js";
export declare function childEnvironment(serverEnv: PlaceholderEnv, declared?: Readonly<Record<string, string>>, rules?: PlaceholderRules): Record<string, string>;

// ---- outbound/env-placeholders.d.ts
export type PlaceholderEnv = Readonly<Record<string, string | undefined>>;
export declare class PlaceholderRules {
    #private;
    constructor(allow?: readonly string[]);
    refusal(name: string): string | undefined;
}
export declare const DEFAULT_PLACEHOLDER_RULES: PlaceholderRules;
export declare function hasPlaceholder(value: string): boolean;
export declare function resolveEnvPlaceholders(value: string, env: PlaceholderEnv, rules?: PlaceholderRules): string;

// ---- outbound/outbound-headers.d.ts
import { type ServiceDescriptor } from "@skill-service/contracts";
import { type PlaceholderEnv, type PlaceholderRules } from "./env-placeholders.js";
export interface OutboundHeaders {
    readonly headers: Record<string, string>;
    readonly secrets: readonly string[];
}
export declare function outboundHeaders(service: ServiceDescriptor, bindingHeaders: Readonly<Record<string, string>>, env: PlaceholderEnv, rules?: PlaceholderRules): OutboundHeaders;

// ---- outbound/outbound-http-client.d.ts
export type OutboundHttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
export interface OutboundRetry {
    limit: number;
    statusCodes?: readonly number[];
    maxRetryAfterMs?: number;
    backoffMs?: (attempt: number) => number;
}
export interface OutboundHttpRequest {
    url: string;
    method?: OutboundHttpMethod;
    headers?: Readonly<Record<string, string>>;
    body?: string | Buffer;
    timeoutMs: number;
    signal?: AbortSignal;
    maxResponseBytes?: number;
    retry?: OutboundRetry;
    traceId?: string;
    purpose?: string;
}
export interface OutboundHttpResponse {
    status: number;
    headers: Readonly<Record<string, string | string[] | undefined>>;
    body: Buffer;
}
export interface OutboundHttpClient {
    request(request: OutboundHttpRequest): Promise<OutboundHttpResponse>;
}
export declare function headerValue(headers: OutboundHttpResponse["headers"], name: string): string | undefined;

// ---- outbound/retry-after.d.ts
export declare function parseRetryAfter(value: string | undefined, now?: number): number | undefined;

// ---- outbound/service-base-url.d.ts
import { type ServiceDescriptor } from "@skill-service/contracts";
import { type PlaceholderEnv, type PlaceholderRules } from "./env-placeholders.js";
export declare function serviceBaseUrl(service: ServiceDescriptor, env: PlaceholderEnv, rules?: PlaceholderRules): string;

// ---- outbound/service-outcomes.d.ts
import { type ErrorCode, type ProviderProtocol } from "@skill-service/contracts";
import type { ProviderHealth } from "../protocol-provider.js";
export interface ServiceOutcome {
    readonly calls: number;
    readonly failures: number;
    readonly last_outcome: "success" | ErrorCode;
    readonly last_error?: string;
    readonly last_at: string;
    readonly last_duration_ms: number;
}
export declare class ServiceOutcomes {
    private readonly now;
    private readonly byService;
    constructor(now?: () => Date);
    record(serviceId: string, durationMs: number, error?: unknown): void;
    track<T>(serviceId: string, work: () => Promise<T>): Promise<T>;
    health(protocol: ProviderProtocol): ProviderHealth;
    snapshot(): Record<string, ServiceOutcome>;
    healthy(): boolean;
}

// ---- protocol-provider.d.ts
import type { BindingDefinition, ProviderProtocol, ServiceDescriptor } from "@skill-service/contracts";
export interface ProviderCall {
    readonly binding: BindingDefinition;
    readonly service: ServiceDescriptor | undefined;
    readonly payload: Record<string, unknown>;
    readonly signal: AbortSignal;
    readonly timeoutMs: number;
    readonly traceId: string;
}
export interface ProviderHealth {
    readonly protocol: ProviderProtocol;
    readonly healthy: boolean;
    readonly details: Record<string, unknown>;
}
export interface ProtocolProvider {
    readonly protocol: ProviderProtocol;
    call(call: ProviderCall): Promise<unknown>;
    health?(): Promise<ProviderHealth>;
    close?(): Promise<void>;
}

// ---- request-template.d.ts
export declare function renderRequest(template: Record<string, unknown> | undefined, input: Record<string, unknown>): Record<string, unknown>;

// ---- resolve-binding-chain.d.ts
import { type BindingDefinition, type ResolutionPlan } from "@skill-service/contracts";
import type { BindingCatalog } from "./binding-catalog.js";
export type SelectionSource = ResolutionPlan["selection_source"];
export interface BindingChain {
    readonly selectionSource: SelectionSource;
    readonly bindings: readonly BindingDefinition[];
}
export declare const DEFAULT_PREFERENCE: readonly string[];
export declare function resolveBindingChain(catalog: BindingCatalog, capabilityId: string, preference?: readonly string[]): BindingChain;

// ---- response-mapping.d.ts
export declare function mapResponse(mapping: Record<string, unknown> | undefined, raw: unknown, bindingId: string): unknown;
