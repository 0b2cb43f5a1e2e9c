// API report of @skill-service/provider-openrpc: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { jsonRpcResult } from "./json-rpc-answer.js";
export { jsonRpcError, type RpcContext } from "./json-rpc-error.js";
export { OpenRpcProvider, type OpenRpcProviderOptions } from "./openrpc-provider.js";
export type { OutboundHttpClient, OutboundHttpRequest, OutboundHttpResponse } from "@skill-service/bindings";
export { DEFAULT_RPC_RETRY_COUNT, rpcCallOptions, type RpcCallOptions } from "./rpc-call-options.js";
export type { ServiceOutcome } from "@skill-service/bindings";

// ---- json-rpc-answer.d.ts
import { type OutboundHttpResponse } from "@skill-service/bindings";
import { type RpcContext } from "./json-rpc-error.js";
export declare function jsonRpcResult(response: OutboundHttpResponse, expectedId: string, context: RpcContext): unknown;

// ---- json-rpc-error.d.ts
import { type ServiceError } from "@skill-service/contracts";
export interface RpcContext {
    readonly serviceId: string;
    readonly method: string;
    readonly secrets: readonly string[];
}
export declare function jsonRpcError(error: unknown, context: RpcContext): ServiceError;
export declare function isRecord(value: unknown): value is Record<string, unknown>;

// ---- openrpc-provider.d.ts
import { type OutboundHttpClient, type PlaceholderEnv, type PlaceholderRules, type ProtocolProvider, type ProviderCall, type ProviderHealth } from "@skill-service/bindings";
export interface OpenRpcProviderOptions {
    readonly client: OutboundHttpClient;
    readonly env: PlaceholderEnv;
    readonly placeholderRules?: PlaceholderRules;
}
export declare class OpenRpcProvider implements ProtocolProvider {
    readonly protocol: "openrpc";
    private readonly client;
    private readonly env;
    private readonly rules;
    private readonly outcomes;
    constructor(options: OpenRpcProviderOptions);
    call(call: ProviderCall): Promise<unknown>;
    health(): Promise<ProviderHealth>;
    private invoke;
}

// ---- rpc-call-options.d.ts
import { type BindingDefinition, type ServiceDescriptor } from "@skill-service/contracts";
export interface RpcCallOptions {
    readonly timeoutMs: number | undefined;
    readonly headers: Readonly<Record<string, string>>;
    readonly retryCount: number;
    readonly maxRequestBytes: number;
    readonly maxResponseBytes: number;
}
export declare const DEFAULT_RPC_RETRY_COUNT = 2;
export declare const DEFAULT_MAX_REQUEST_BYTES: number;
export declare const DEFAULT_MAX_RESPONSE_BYTES: number;
export declare function rpcCallOptions(binding: BindingDefinition, service: ServiceDescriptor): RpcCallOptions;
