// API report of @skill-service/provider-mcp: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { McpProvider } from "./mcp-provider.js";
export type { McpLogEntry, McpProviderOptions, McpServerLike, McpTransportKind } from "./mcp-provider-options.js";
export type { ServiceHealth as McpServiceHealth } from "./service-slot.js";

// ---- mcp-connection.d.ts
import type { Implementation } from "@modelcontextprotocol/sdk/types.js";
import type { McpLogEntry, McpTransportKind } from "./mcp-provider-options.js";
import type { ServiceTarget } from "./service-target.js";
import type { ToolCallResult } from "./tool-result.js";
export interface ConnectionHooks {
    readonly clientInfo: Implementation;
    readonly connectTimeoutMs: number;
    readonly closing: AbortSignal;
    readonly log: (entry: Omit<McpLogEntry, "service">) => void;
    readonly onLost: (connection: McpConnection) => void;
}
export declare class McpConnection {
    readonly kind: McpTransportKind;
    private readonly client;
    private readonly server;
    private readonly hooks;
    private readonly pidOf;
    private established;
    private ended;
    private closing;
    private constructor();
    static open(target: ServiceTarget, hooks: ConnectionHooks): Promise<McpConnection>;
    get pid(): number | undefined;
    get serverInfo(): string;
    get alive(): boolean;
    callTool(name: string, args: Record<string, unknown>, options: {
        signal: AbortSignal;
        timeout: number;
    }): Promise<ToolCallResult>;
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
export declare function protocolFailure(code: number, rawMessage: string, subject: CallSubject): ServiceError;
export declare function wrappedProtocolCode(text: string): number | undefined;
export declare function isTransportFault(error: unknown): boolean;
export declare function callFailure(error: unknown, subject: CallSubject, kind: string): ServiceError;
export declare function connectFailure(error: unknown, serviceId: string, connectTimeoutMs: number): ServiceError;
export declare function providerClosed(): ServiceError;
export declare function abortFailure(signal: AbortSignal, subject: CallSubject): ServiceError;

// ---- mcp-provider-options.d.ts
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { PlaceholderEnv } from "@skill-service/bindings";
export type McpTransportKind = "stdio" | "streamable-http" | "in-process";
export interface McpServerLike {
    connect(transport: Transport): Promise<void>;
    close(): Promise<void>;
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
    readonly clientInfo?: {
        readonly name: string;
        readonly version: string;
    };
    readonly env?: PlaceholderEnv;
    readonly log?: (entry: McpLogEntry) => void;
    readonly restartBackoffMs?: number;
    readonly maxRestartBackoffMs?: number;
    readonly connectTimeoutMs?: number;
    readonly allowHttp?: (url: URL) => Promise<void>;
}

// ---- mcp-provider.d.ts
import type { ProtocolProvider, ProviderCall, ProviderHealth } from "@skill-service/bindings";
import type { McpProviderOptions } from "./mcp-provider-options.js";
export declare class McpProvider implements ProtocolProvider {
    private readonly options;
    readonly protocol: "mcp";
    private readonly slots;
    private readonly closing;
    constructor(options?: McpProviderOptions);
    call(call: ProviderCall): Promise<unknown>;
    health(): Promise<ProviderHealth>;
    close(): Promise<void>;
    private slotOf;
    private env;
}

// ---- service-slot.d.ts
import type { Implementation } from "@modelcontextprotocol/sdk/types.js";
import { McpConnection } from "./mcp-connection.js";
import type { McpLogEntry, McpTransportKind } from "./mcp-provider-options.js";
import type { ServiceTarget } from "./service-target.js";
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
    connection(target: ServiceTarget): Promise<McpConnection>;
    established(target: ServiceTarget): McpConnection | undefined;
    succeeded(): void;
    discard(connection: McpConnection, reason: string): void;
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
import { type PlaceholderEnv } from "@skill-service/bindings";
import type { McpServerLike, McpTransportKind } from "./mcp-provider-options.js";
interface TargetBase {
    readonly kind: McpTransportKind;
    readonly fingerprint: string;
}
export interface StdioTarget extends TargetBase {
    readonly kind: "stdio";
    readonly command: string;
    readonly args: readonly string[];
    readonly env: () => Record<string, string>;
}
export interface HttpTarget extends TargetBase {
    readonly kind: "streamable-http";
    readonly url: URL;
    readonly headers: Readonly<Record<string, string>>;
}
export interface InProcessTarget extends TargetBase {
    readonly kind: "in-process";
    readonly name: string;
    readonly create: () => McpServerLike | Promise<McpServerLike>;
}
export type ServiceTarget = StdioTarget | HttpTarget | InProcessTarget;
export declare function resolveServiceTarget(service: ServiceDescriptor, inProcessServers: Readonly<Record<string, () => McpServerLike | Promise<McpServerLike>>>, env: PlaceholderEnv): ServiceTarget;
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
