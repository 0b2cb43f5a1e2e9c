// API report of @skill-service/runs: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { MemoryRunQueue } from "./memory-run-queue.js";
export { MemoryRunStore } from "./memory-run-store.js";
export type { RunExecutionOptions, RunHandler, RunJobData, RunRequest } from "./run-job.js";
export { DEFAULT_RUN_LIST_LIMIT, MAX_RUN_LIST_LIMIT, RunManager, type RunManagerOptions, type RunStats } from "./run-manager.js";
export { RunMessages } from "./run-messages.js";
export { retryWhileUnavailable } from "./retry-while-unavailable.js";
export { RunHandedBack, type RunProcessor, type RunQueue, type RunQueueStats, type RunState } from "./run-queue-port.js";
export { DEFAULT_MAX_RUN_RESULT_BYTES, runResultBytes } from "./run-result-size.js";
export type { RunCounts, RunOutcome, RunStore } from "./run-store-port.js";
export { cancelledOnRequest } from "./run-cancel.js";
export { MemoryRunEventLog } from "./memory-run-event-log.js";
export { DEFAULT_MAX_RUN_EVENTS, type NewRunEvent, type RunEvent, type RunEventLog } from "./run-event-log-port.js";
export type { TrackedRun } from "./run-manager.js";

// ---- memory-run-event-log.d.ts
import { type NewRunEvent, type RunEvent, type RunEventLog } from "./run-event-log-port.js";
export declare class MemoryRunEventLog implements RunEventLog {
    private readonly maxRuns;
    readonly maxEventsPerRun: number;
    private readonly logs;
    constructor(maxRuns: number, maxEventsPerRun?: number);
    open(runId: string): Promise<void>;
    append(runId: string, type: string, data: unknown): Promise<number | undefined>;
    appendMany(runId: string, events: readonly NewRunEvent[]): Promise<(number | undefined)[]>;
    read(runId: string, afterId: number, waitMs?: number): Promise<RunEvent[]>;
    drop(runId: string): Promise<void>;
    close(): Promise<void>;
    private add;
    private after;
    private forget;
    private wake;
}

// ---- memory-run-queue.d.ts
import type { RunJobData } from "./run-job.js";
import type { RunProcessor, RunQueue, RunQueueStats } from "./run-queue-port.js";
export declare class MemoryRunQueue implements RunQueue {
    private readonly pool;
    private readonly runs;
    private readonly held;
    private readonly settling;
    private processor;
    private closed;
    enqueue(job: RunJobData): Promise<void>;
    start(processor: RunProcessor, concurrency: number): void;
    cancel(runId: string, reason: string): Promise<void>;
    hold(runId: string, canceller: AbortController): Promise<() => Promise<void>>;
    stats(): Promise<RunQueueStats>;
    close(drainMs: number): Promise<void>;
    private execute;
}

// ---- memory-run-store.d.ts
import type { RunRecord } from "@skill-service/contracts";
import type { RunCounts, RunOutcome, RunStore } from "./run-store-port.js";
export declare class MemoryRunStore implements RunStore {
    readonly capacity: number;
    private readonly runs;
    private readonly launchers;
    constructor(capacity: number);
    create(record: RunRecord, launchedBy?: string): Promise<RunRecord[]>;
    get(runId: string): Promise<RunRecord | undefined>;
    list(limit: number): Promise<RunRecord[]>;
    finish(runId: string, outcome: RunOutcome): Promise<boolean>;
    remove(runId: string): Promise<void>;
    count(): Promise<RunCounts>;
    close(): Promise<void>;
    launcher(runId: string): Promise<string | undefined>;
}

// ---- retry-while-unavailable.d.ts
export declare function retryWhileUnavailable<T>(operation: () => Promise<T>, signal: AbortSignal): Promise<T>;

// ---- run-cancel.d.ts
export declare function cancelledOnRequest(signal: AbortSignal): boolean;

// ---- run-event-log-port.d.ts
export interface RunEvent {
    readonly id: number;
    readonly type: string;
    readonly data: unknown;
}
export interface NewRunEvent {
    readonly type: string;
    readonly data: unknown;
}
export declare const DEFAULT_MAX_RUN_EVENTS = 10000;
export interface RunEventLog {
    readonly maxEventsPerRun: number;
    open(runId: string): Promise<void>;
    append(runId: string, type: string, data: unknown): Promise<number | undefined>;
    appendMany(runId: string, events: readonly NewRunEvent[]): Promise<(number | undefined)[]>;
    read(runId: string, afterId: number, waitMs?: number): Promise<RunEvent[]>;
    drop(runId: string): Promise<void>;
    close(): Promise<void>;
}

// ---- run-job.d.ts
import type { AuditMode, ConformanceProfile, ExecutionResult, StreamEvent } from "@skill-service/contracts";
export interface RunExecutionOptions {
    readonly channel: string;
    readonly required_conformance_profile?: ConformanceProfile;
    readonly audit_mode?: AuditMode;
    readonly confirmed_capabilities?: readonly string[];
}
export interface RunJobData {
    readonly run_id: string;
    readonly skill_id: string;
    readonly trace_id: string;
    readonly inputs: Readonly<Record<string, unknown>>;
    readonly execution: RunExecutionOptions;
    readonly trace_carrier?: Readonly<Record<string, string>>;
}
export type RunRequest = Omit<RunJobData, "run_id"> & {
    readonly launched_by?: string;
};
export type RunHandler = (job: RunJobData, signal: AbortSignal, onEvent?: (event: StreamEvent) => void) => Promise<ExecutionResult>;

// ---- run-manager.d.ts
import { type ExecutionResult, type RunLaunch, type RunRecord, type StreamEvent } from "@skill-service/contracts";
import type { RunHandler, RunRequest } from "./run-job.js";
import { type RunState } from "./run-queue-port.js";
import type { RunEvent } from "./run-event-log-port.js";
export interface RunManagerOptions {
    readonly workers: number;
    readonly handler: RunHandler;
    readonly state?: RunState;
    readonly maxRuns?: number;
    readonly maxResultBytes?: number;
    readonly now?: () => Date;
    readonly newId?: () => string;
}
export interface RunStats {
    readonly stored: number | null;
    readonly capacity: number;
    readonly running: number | null;
    readonly executing: number | null;
    readonly queued: number | null;
    readonly workers: number;
    readonly closed: boolean;
    readonly error?: string;
}
export interface TrackedRun {
    readonly run_id: string;
    readonly signal: AbortSignal;
    readonly record: (event: StreamEvent) => void;
    readonly settle: (result: Promise<ExecutionResult>, failure: (error: unknown) => unknown) => Promise<void>;
}
export declare const DEFAULT_RUN_LIST_LIMIT = 100;
export declare const MAX_RUN_LIST_LIMIT = 1000;
export declare class RunManager {
    private readonly state;
    private readonly workers;
    private readonly handler;
    private readonly maxResultBytes;
    private readonly now;
    private readonly newId;
    private readonly closing;
    private closed;
    private readonly events;
    private readonly runEvents;
    constructor(options: RunManagerOptions);
    launch(request: RunRequest): Promise<RunLaunch>;
    get(runId: string): Promise<RunRecord>;
    has(runId: string): Promise<boolean>;
    list(limit?: number): Promise<RunRecord[]>;
    stats(): Promise<RunStats>;
    close(drainMs?: number): Promise<void>;
    private processor;
    private execute;
    track(run: {
        readonly skill_id: string;
        readonly trace_id: string;
    }): Promise<TrackedRun>;
    followEvents(runId: string, afterId: number, signal?: AbortSignal): Promise<AsyncIterable<RunEvent>>;
    private dropEvicted;
    private finish;
    private whileUnreachable;
    cancel(runId: string, mayCancel?: (launchedBy: string | undefined) => boolean): Promise<RunRecord>;
}

// ---- run-messages.d.ts
export declare const RunMessages: {
    readonly shutDown: "Run cancelled: the service shut down before it finished";
    readonly evicted: "Run cancelled: evicted by newer runs (SERVICE_MAX_RUNS)";
    readonly closing: "The service is shutting down; no new runs are accepted";
    readonly workerDied: (attempts: number) => string;
    readonly jobLost: "Run failed: its queued job was lost (the shared queue no longer holds it, e.g. Redis restarted without its data); it was not started again";
    readonly queueFailed: (reason: string) => string;
    readonly resultTooLarge: (bytes: number, limit: number) => string;
    readonly cancelled: "Run cancelled";
};

// ---- run-queue-port.d.ts
import type { RunEventLog } from "./run-event-log-port.js";
import type { RunJobData } from "./run-job.js";
import type { RunStore } from "./run-store-port.js";
export interface RunProcessor {
    execute(job: RunJobData, signal: AbortSignal): Promise<void>;
    abandon(runId: string, error: string): Promise<void>;
}
export interface RunQueueStats {
    readonly executing: number;
    readonly queued: number;
    readonly workers: number;
}
export interface RunQueue {
    enqueue(job: RunJobData): Promise<void>;
    start(processor: RunProcessor, concurrency: number): void;
    cancel(runId: string, reason: string): Promise<void>;
    stats(): Promise<RunQueueStats>;
    close(drainMs: number): Promise<void>;
    hold?(runId: string, canceller: AbortController): Promise<() => Promise<void>>;
}
export declare class RunHandedBack extends Error {
    constructor();
}
export interface RunState {
    readonly store: RunStore;
    readonly queue: RunQueue;
    readonly events?: RunEventLog;
}

// ---- run-result-size.d.ts
import type { ExecutionResult } from "@skill-service/contracts";
export declare const DEFAULT_MAX_RUN_RESULT_BYTES: number;
export declare function runResultBytes(result: ExecutionResult): number;

// ---- run-store-port.d.ts
import type { ExecutionResult, RunRecord } from "@skill-service/contracts";
export type RunOutcome = {
    readonly status: "completed";
    readonly result: ExecutionResult;
    readonly finished_at: string;
} | {
    readonly status: "failed";
    readonly error: string;
    readonly finished_at: string;
};
export interface RunCounts {
    readonly stored: number;
    readonly running: number;
}
export interface RunStore {
    readonly capacity: number;
    create(record: RunRecord, launchedBy?: string): Promise<RunRecord[]>;
    get(runId: string): Promise<RunRecord | undefined>;
    list(limit: number): Promise<RunRecord[]>;
    finish(runId: string, outcome: RunOutcome): Promise<boolean>;
    remove(runId: string): Promise<void>;
    count(): Promise<RunCounts>;
    close(): Promise<void>;
    launcher(runId: string): Promise<string | undefined>;
}
