// API report of @skill-service/provider-pythoncall: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { PythonCallProvider, type PythonCallHealthDetails } from "./pythoncall-provider.js";
export type { PythonCallLogEntry, PythonCallOptions } from "./pythoncall-options.js";
export { BLOCKED_MODULES, DEFAULT_ALLOWED_MODULE_PREFIXES } from "./module-policy.js";
export { WORKER_SCRIPT_PATH } from "./worker-script.js";

// ---- module-policy.d.ts
export declare const DEFAULT_ALLOWED_MODULE_PREFIXES: readonly string[];
export declare const BLOCKED_MODULES: readonly string[];
export declare function isModuleName(name: string): boolean;
export declare function isFunctionName(name: string): boolean;
export declare function isModulePrefix(prefix: string): boolean;
export declare function isBlockedModule(module: string): boolean;
export declare function matchesPrefix(module: string, prefix: string): boolean;
export declare function moduleRefusal(module: string, allowedPrefixes: readonly string[]): string | undefined;

// ---- python-worker.d.ts
import { type ServiceError } from "@skill-service/contracts";
import type { PythonCallLogEntry } from "./pythoncall-options.js";
import { type WorkerReply } from "./worker-protocol.js";
export interface WorkerLaunch {
    readonly executable: string;
    readonly args: readonly string[];
    readonly env: NodeJS.ProcessEnv;
    readonly maxLineBytes: number;
    readonly log: (entry: PythonCallLogEntry) => void;
    readonly onLost: (worker: PythonWorker, description: string) => void;
}
export declare class PythonWorker {
    private readonly launch;
    readonly pid: number | undefined;
    readonly exited: Promise<void>;
    private readonly child;
    private lossError;
    private inFlight;
    private lastModule;
    private closeTimer;
    private markExited;
    constructor(launch: WorkerLaunch);
    get usable(): boolean;
    execute(id: number, line: string, module: string, signal: AbortSignal): Promise<WorkerReply>;
    discard(loss: ServiceError, callError?: unknown): void;
    private onReplyLine;
    private onProcessError;
    private onClose;
    private log;
}

// ---- pythoncall-options.d.ts
import { type PlaceholderRules } from "@skill-service/bindings";
export interface PythonCallLogEntry {
    readonly level: "info" | "warn" | "error";
    readonly message: string;
    readonly workerPid: number | undefined;
    readonly module?: string;
}
export interface PythonCallOptions {
    readonly pythonExecutable?: string;
    readonly poolSize?: number;
    readonly allowedModulePrefixes?: readonly string[];
    readonly pythonPath?: readonly string[];
    readonly env?: Readonly<Record<string, string | undefined>>;
    readonly placeholderRules?: PlaceholderRules;
    readonly log?: (entry: PythonCallLogEntry) => void;
    readonly maxLineBytes?: number;
    readonly maxQueue?: number;
    readonly workerScript?: string;
}
export interface ResolvedPythonCallOptions {
    readonly pythonExecutable: string;
    readonly poolSize: number;
    readonly allowedModulePrefixes: readonly string[];
    readonly maxLineBytes: number;
    readonly maxQueue: number;
    readonly workerScript: string;
    readonly workerEnv: NodeJS.ProcessEnv;
    readonly serverEnv: Readonly<Record<string, string | undefined>>;
    readonly placeholderRules: PlaceholderRules;
    readonly pythonPath: readonly string[];
    readonly log: (entry: PythonCallLogEntry) => void;
}
export declare function resolvePythonCallOptions(options: PythonCallOptions): ResolvedPythonCallOptions;
export declare function workerEnvironment(serverEnv: Readonly<Record<string, string | undefined>>, pythonPath: readonly string[], declared: Readonly<Record<string, string>>, rules: PlaceholderRules): NodeJS.ProcessEnv;

// ---- pythoncall-provider.d.ts
import type { ProtocolProvider, ProviderCall, ProviderHealth } from "@skill-service/bindings";
import { type PythonCallOptions } from "./pythoncall-options.js";
import { type WorkerPoolHealth } from "./worker-pool.js";
export declare class PythonCallProvider implements ProtocolProvider {
    readonly protocol: "pythoncall";
    private readonly options;
    private readonly pool;
    private readonly servicePools;
    private readonly retired;
    private nextId;
    constructor(options?: PythonCallOptions);
    private createPool;
    private poolFor;
    private retire;
    call(call: ProviderCall): Promise<unknown>;
    private callFunction;
    health(): Promise<ProviderHealth>;
    close(): Promise<void>;
}
export type PythonCallHealthDetails = WorkerPoolHealth;

// ---- worker-pool.d.ts
import { type WorkerLaunch } from "./python-worker.js";
import type { PythonCallLogEntry } from "./pythoncall-options.js";
import type { WorkerReply } from "./worker-protocol.js";
export interface WorkerPoolConfig {
    readonly size: number;
    readonly maxQueue: number;
    readonly launch: Omit<WorkerLaunch, "onLost">;
    readonly log: (entry: PythonCallLogEntry) => void;
}
export interface WorkerPoolHealth {
    readonly poolSize: number;
    readonly liveWorkers: number;
    readonly busy: number;
    readonly queued: number;
    readonly restarts: number;
    readonly spawnFailures: number;
    readonly lastError: {
        readonly message: string;
        readonly at: string;
    } | undefined;
    readonly lastSpawnFailed: boolean;
    readonly closed: boolean;
    readonly workerPids: readonly number[];
}
export declare class WorkerPool {
    private readonly config;
    private readonly workers;
    private readonly busy;
    private readonly queue;
    private readonly exiting;
    private restarts;
    private spawnFailures;
    private lastSpawnFailed;
    private lastError;
    private closed;
    private idleWaiters;
    constructor(config: WorkerPoolConfig);
    run(id: number, line: string, module: string, signal: AbortSignal): Promise<WorkerReply>;
    health(): WorkerPoolHealth;
    closeWhenIdle(): Promise<void>;
    close(): Promise<void>;
    private acquire;
    private pump;
    private takeWorker;
    private startWorker;
    private onLost;
    private noteSpawnFailure;
}

// ---- worker-protocol.d.ts
export interface WorkerRequest {
    readonly id: number;
    readonly module: string;
    readonly function: string;
    readonly kwargs: Record<string, unknown>;
}
export type WorkerErrorKind = "bad_arguments" | "import_error" | "not_allowed" | "not_serializable" | "exception" | "protocol_error";
export interface WorkerErrorInfo {
    readonly type: string;
    readonly message: string;
    readonly kind: WorkerErrorKind | (string & {});
}
export type WorkerReply = {
    readonly id: number;
    readonly ok: true;
    readonly result: unknown;
} | {
    readonly id: number;
    readonly ok: false;
    readonly error: WorkerErrorInfo;
};
export declare function encodeRequest(request: WorkerRequest): string;
export declare function parseReply(line: string, expectedId: number): WorkerReply | {
    readonly malformed: string;
};

// ---- worker-script.d.ts
export declare const WORKER_SCRIPT_PATH: string;
