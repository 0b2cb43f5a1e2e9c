// API report of @skill-service/provider-openapi: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { bodyPreview, MAX_PREVIEW_CHARS } from "@skill-service/bindings";
export { resolveEnvPlaceholders, type PlaceholderEnv } from "@skill-service/bindings";
export { DEFAULT_MAX_REQUEST_BYTES, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_RETRY_COUNT, openApiCallOptions, type OpenApiCallOptions, type ResponseMode, } from "./openapi-call-options.js";
export { OpenApiProvider, type OpenApiProviderOptions } from "./openapi-provider.js";
export { outboundHeaders, type OutboundHeaders } from "@skill-service/bindings";
export type { OutboundHttpClient, OutboundHttpMethod, OutboundHttpRequest, OutboundHttpResponse, OutboundRetry, } from "@skill-service/bindings";
export type { ServiceOutcome } from "@skill-service/bindings";

// ---- openapi-call-options.d.ts
import { type BindingDefinition, type ServiceDescriptor } from "@skill-service/contracts";
import type { OutboundHttpMethod } from "@skill-service/bindings";
export type ResponseMode = "json" | "text" | "raw";
export interface OpenApiCallOptions {
    readonly method: OutboundHttpMethod;
    readonly responseMode: ResponseMode;
    readonly timeoutMs: number | undefined;
    readonly headers: Readonly<Record<string, string>>;
    readonly retryCount: number;
    readonly backoffBaseMs: number;
    readonly backoffFactor: number;
    readonly maxRequestBytes: number;
    readonly maxResponseBytes: number;
}
export declare const DEFAULT_RETRY_COUNT = 3;
export declare const DEFAULT_MAX_REQUEST_BYTES: number;
export declare const DEFAULT_MAX_RESPONSE_BYTES: number;
export declare function openApiCallOptions(binding: BindingDefinition, service: ServiceDescriptor): OpenApiCallOptions;

// ---- openapi-provider.d.ts
import { type OutboundHttpClient, type PlaceholderEnv, type PlaceholderRules, type ProtocolProvider, type ProviderCall, type ProviderHealth } from "@skill-service/bindings";
export interface OpenApiProviderOptions {
    readonly client: OutboundHttpClient;
    readonly env: PlaceholderEnv;
    readonly placeholderRules?: PlaceholderRules;
}
export declare class OpenApiProvider implements ProtocolProvider {
    readonly protocol: "openapi";
    private readonly client;
    private readonly env;
    private readonly rules;
    private readonly outcomes;
    constructor(options: OpenApiProviderOptions);
    call(call: ProviderCall): Promise<unknown>;
    health(): Promise<ProviderHealth>;
    private invoke;
}
