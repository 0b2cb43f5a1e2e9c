// API report of @skill-service/provider-mcp: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { McpProvider } from "./mcp-provider.js";
export type { InProcessTools, McpLogEntry, McpProviderOptions, McpServerLike, McpTransportKind } from "./mcp-provider-options.js";
export type { ToolCallResult } from "./tool-result.js";
export type { ServiceHealth as McpServiceHealth } from "./service-slot.js";

// ---- mcp-connection.d.ts
import type { Implementation } from "@modelcontextprotocol/sdk/types.js";
import type { McpLogEntry, McpTransportKind } from "./mcp-provider-options.js";
import type { InProcessTarget, ServiceTarget } from "./service-target.js";
import type { ToolCallResult } from "./tool-result.js";
import type { ToolCallOptions, ToolSession } from "./tool-session.js";
export type SdkTarget = Exclude<ServiceTarget, InProcessTarget> | (InProcessTarget & {
    readonly source: {
        readonly type: "server";
    };
});
export interface ConnectionHooks {
    readonly clientInfo: Implementation;
    readonly connectTimeoutMs: number;
    readonly closing: AbortSignal;
    readonly log: (entry: Omit<McpLogEntry, "service">) => void;
    readonly onLost: (connection: McpConnection) => void;
}
export declare class McpConnection implements ToolSession {
    readonly kind: McpTransportKind;
    private readonly client;
    private readonly server;
    private readonly hooks;
    private readonly pidOf;
    private established;
    private ended;
    private closing;
    private constructor();
    static open(target: SdkTarget, hooks: ConnectionHooks): Promise<McpConnection>;
    get pid(): number | undefined;
    get serverInfo(): string;
    get alive(): boolean;
    callTool(name: string, args: Record<string, unknown>, options: ToolCallOptions): Promise<ToolCallResult>;
    close(): Promise<void>;
    private handleEnded;
}

// ---- mcp-failure.d.ts
import { ServiceError } from "@skill-service/contracts";
export interface CallSubject {
    readonly serviceId: string;
    readonly tool: string;
    readonly timeoutMs: number;
}
export declare const RPC_ERROR: {
    readonly ConnectionClosed: -32000;
    readonly RequestTimeout: -32001;
    readonly MethodNotFound: -32601;
    readonly InvalidParams: -32602;
};
export declare class ToolProtocolError extends Error {
    readonly code: number;
    readonly name = "McpError";
    constructor(code: number, message: string);
}
export declare function protocolFailure(code: number, rawMessage: string, subject: CallSubject): ServiceError;
export declare function wrappedProtocolCode(text: string): number | undefined;
export declare function isTransportFault(error: unknown): boolean;
export declare function callFailure(error: unknown, subject: CallSubject, kind: string): ServiceError;
export declare function connectFailure(error: unknown, serviceId: string, connectTimeoutMs: number): ServiceError;
export declare function providerClosed(): ServiceError;
export declare function abortFailure(signal: AbortSignal, subject: CallSubject): ServiceError;

// ---- mcp-provider-options.d.ts
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { PlaceholderEnv, PlaceholderRules } from "@skill-service/bindings";
import type { ToolCallResult } from "./tool-result.js";
export type McpTransportKind = "stdio" | "streamable-http" | "in-process";
export interface McpServerLike {
    connect(transport: Transport): Promise<void>;
    close(): Promise<void>;
}
export interface InProcessTools {
    readonly serverInfo: {
        readonly name: string;
        readonly version: string;
    };
    callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolCallResult | undefined>;
}
export interface McpLogEntry {
    readonly level: "info" | "warn" | "error";
    readonly service: string;
    readonly event: "stderr" | "connecting" | "connected" | "connect_failed" | "exited" | "closed" | "transport_error";
    readonly message: string;
    readonly pid?: number;
}
export interface McpProviderOptions {
    readonly inProcessServers?: Readonly<Record<string, () => McpServerLike | Promise<McpServerLike>>>;
    readonly inProcessTools?: Readonly<Record<string, () => InProcessTools | Promise<InProcessTools>>>;
    readonly clientInfo?: {
        readonly name: string;
        readonly version: string;
    };
    readonly env?: PlaceholderEnv;
    readonly placeholderRules?: PlaceholderRules;
    readonly log?: (entry: McpLogEntry) => void;
    readonly restartBackoffMs?: number;
    readonly maxRestartBackoffMs?: number;
    readonly connectTimeoutMs?: number;
    readonly allowHttp?: (url: URL) => Promise<void>;
}

// ---- mcp-provider.d.ts
import { type ProtocolProvider, type ProviderCall, type ProviderHealth } from "@skill-service/bindings";
import type { McpProviderOptions } from "./mcp-provider-options.js";
export declare class McpProvider implements ProtocolProvider {
    private readonly options;
    readonly protocol: "mcp";
    private readonly slots;
    private readonly closing;
    private readonly inProcess;
    constructor(options?: McpProviderOptions);
    call(call: ProviderCall): Promise<unknown>;
    private callTool;
    health(): Promise<ProviderHealth>;
    close(): Promise<void>;
    private slotOf;
    private env;
}

// ---- service-slot.d.ts
import type { Implementation } from "@modelcontextprotocol/sdk/types.js";
import type { McpLogEntry, McpTransportKind } from "./mcp-provider-options.js";
import type { ServiceTarget } from "./service-target.js";
import { type ToolSession } from "./tool-session.js";
export interface SlotSettings {
    readonly serviceId: string;
    readonly clientInfo: Implementation;
    readonly connectTimeoutMs: number;
    readonly restartBackoffMs: number;
    readonly maxRestartBackoffMs: number;
    readonly allowHttp: ((url: URL) => Promise<void>) | undefined;
    readonly log: (entry: McpLogEntry) => void;
    readonly closing: AbortSignal;
}
export interface ServiceHealth {
    readonly transport: McpTransportKind | undefined;
    readonly state: "idle" | "connecting" | "connected" | "failed";
    readonly connected: boolean;
    readonly restarts: number;
    readonly last_error?: string;
    readonly pid?: number;
}
export declare class ServiceSlot {
    private readonly settings;
    private attempt;
    private attempts;
    private consecutiveFailures;
    private retryAt;
    private lastError;
    private kind;
    private failing;
    private readonly retiring;
    constructor(settings: SlotSettings);
    connection(target: ServiceTarget): Promise<ToolSession>;
    established(target: ServiceTarget): ToolSession | undefined;
    succeeded(): void;
    discard(connection: ToolSession, reason: string): void;
    health(): ServiceHealth;
    close(): Promise<void>;
    private retire;
    private open;
    private lost;
    private forget;
    private noteFailure;
    private log;
}

// ---- service-target.d.ts
import { type ServiceDescriptor } from "@skill-service/contracts";
import { type PlaceholderEnv, type PlaceholderRules } from "@skill-service/bindings";
import type { InProcessTools, McpServerLike, McpTransportKind } from "./mcp-provider-options.js";
interface TargetBase {
    readonly kind: McpTransportKind;
    readonly fingerprint: string;
}
export interface StdioTarget extends TargetBase {
    readonly kind: "stdio";
    readonly command: string;
    readonly args: readonly string[];
    readonly env: Readonly<Record<string, string>>;
}
export interface HttpTarget extends TargetBase {
    readonly kind: "streamable-http";
    readonly url: URL;
    readonly headers: Readonly<Record<string, string>>;
}
export interface InProcessTarget extends TargetBase {
    readonly kind: "in-process";
    readonly name: string;
    readonly source: {
        readonly type: "server";
        readonly create: () => McpServerLike | Promise<McpServerLike>;
    } | {
        readonly type: "tools";
        readonly create: () => InProcessTools | Promise<InProcessTools>;
    };
}
export interface InProcessRegistry {
    readonly servers: Readonly<Record<string, () => McpServerLike | Promise<McpServerLike>>>;
    readonly tools: Readonly<Record<string, () => InProcessTools | Promise<InProcessTools>>>;
}
export type ServiceTarget = StdioTarget | HttpTarget | InProcessTarget;
export declare function resolveServiceTarget(service: ServiceDescriptor, inProcess: InProcessRegistry, env: PlaceholderEnv, rules: PlaceholderRules): ServiceTarget;
export {};

// ---- tool-result.d.ts
import { type CallSubject } from "./mcp-failure.js";
export interface ToolCallResult {
    readonly content?: readonly {
        readonly type: string;
        readonly text?: unknown;
    }[];
    readonly structuredContent?: unknown;
    readonly isError?: boolean;
    readonly toolResult?: unknown;
}
export declare function toolResultToRaw(result: ToolCallResult, subject: CallSubject): unknown;

// ---- tool-session.d.ts
import { type ConnectionHooks } from "./mcp-connection.js";
import type { McpTransportKind } from "./mcp-provider-options.js";
import type { ServiceTarget } from "./service-target.js";
import type { ToolCallResult } from "./tool-result.js";
export interface ToolCallOptions {
    readonly signal: AbortSignal;
    readonly timeout: number;
    readonly callerDeadline: boolean;
}
export interface ToolSession {
    readonly kind: McpTransportKind;
    readonly pid: number | undefined;
    readonly serverInfo: string;
    readonly alive: boolean;
    callTool(name: string, args: Record<string, unknown>, options: ToolCallOptions): Promise<ToolCallResult>;
    close(): Promise<void>;
}
export declare function openToolSession(target: ServiceTarget, hooks: ConnectionHooks): Promise<ToolSession>;
