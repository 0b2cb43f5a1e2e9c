// API report of @skill-service/redis-state: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { checkReachable, connectionOptions, prefixedKey, queueClient, requestClient } from "./redis-connection.js";
export { DEFAULT_REDIS_PREFIX, redactedRedisUrl, redisSettings, type RedisSettings } from "./redis-settings.js";
export { createRedisRunState, type RedisRunState, type RedisRunStateOptions } from "./runs/create-redis-run-state.js";
export { RedisRunQueue, type RedisRunQueueClients, type RedisRunQueueOptions, type RunStateLog } from "./runs/redis-run-queue.js";
export { RedisRunStore, type RunningRun } from "./runs/redis-run-store.js";

// ---- redis-connection.d.ts
import { Redis, type RedisOptions } from "ioredis";
import { type RedisSettings } from "./redis-settings.js";
export declare function connectionOptions(extra?: RedisOptions): RedisOptions;
export declare function requestClient(settings: RedisSettings): Redis;
export declare function queueClient(settings: RedisSettings): Redis;
export declare function checkReachable(settings: RedisSettings, timeoutMs?: number): Promise<void>;
export declare function prefixedKey(settings: RedisSettings, ...parts: string[]): string;

// ---- redis-settings.d.ts
export interface RedisSettings {
    readonly url: string;
    readonly prefix: string;
}
export declare const DEFAULT_REDIS_PREFIX = "skills";
export declare function redisSettings(url: string, prefix?: string): RedisSettings;
export declare function redactedRedisUrl(url: string): string;

// ---- runs/create-redis-run-state.d.ts
import type { RunState } from "@skill-service/runs";
import type { RedisSettings } from "../redis-settings.js";
import { RedisRunQueue, type RedisRunQueueOptions } from "./redis-run-queue.js";
import { RedisRunStore } from "./redis-run-store.js";
export interface RedisRunStateOptions extends RedisRunQueueOptions {
    readonly maxRuns: number;
}
export interface RedisRunState extends RunState {
    readonly store: RedisRunStore;
    readonly queue: RedisRunQueue;
}
export declare function createRedisRunState(settings: RedisSettings, options: RedisRunStateOptions): Promise<RedisRunState>;

// ---- runs/redis-run-keys.d.ts
import type { RedisSettings } from "../redis-settings.js";
export interface RedisRunKeys {
    readonly recordPrefix: string;
    readonly index: string;
    readonly sequence: string;
    readonly running: string;
    readonly cancelChannel: string;
    readonly bullPrefix: string;
}
export declare const RUN_QUEUE_NAME = "runs";
export declare function redisRunKeys(settings: RedisSettings): RedisRunKeys;

// ---- runs/redis-run-queue.d.ts
import { type RunJobData, type RunProcessor, type RunQueue, type RunQueueStats } from "@skill-service/runs";
import type { Redis } from "ioredis";
import type { RedisSettings } from "../redis-settings.js";
import type { RedisRunStore } from "./redis-run-store.js";
export type RunStateLog = (entry: {
    level: "info" | "warn" | "error";
    message: string;
}) => void;
export interface RedisRunQueueOptions {
    readonly attempts?: number;
    readonly lockDurationMs?: number;
    readonly stalledIntervalMs?: number;
    readonly reconcileIntervalMs?: number;
    readonly orphanGraceMs?: number;
    readonly log?: RunStateLog;
}
export interface RedisRunQueueClients {
    readonly request: Redis;
    readonly producer: Redis;
    readonly worker: Redis;
    readonly subscriber: Redis;
}
export declare class RedisRunQueue implements RunQueue {
    private readonly clients;
    private readonly settings;
    private readonly store;
    private readonly options;
    private readonly keys;
    private readonly queue;
    private readonly attempts;
    private readonly executing;
    private readonly idle;
    private worker;
    private processor;
    private concurrency;
    private reconcileTimer;
    private reconciling;
    private handingBack;
    private closed;
    constructor(clients: RedisRunQueueClients, settings: RedisSettings, store: RedisRunStore, options?: RedisRunQueueOptions);
    enqueue(job: RunJobData): Promise<void>;
    start(processor: RunProcessor, concurrency: number): void;
    ready(): Promise<void>;
    cancel(runId: string, reason: string): Promise<void>;
    stats(): Promise<RunQueueStats>;
    close(drainMs: number): Promise<void>;
    private process;
    private handBack;
    private whenIdle;
    private onCancel;
    private failureMessage;
    private abandon;
    private reconcile;
    private reconcilePass;
    private describe;
    private log;
}

// ---- runs/redis-run-store.d.ts
import type { RunRecord } from "@skill-service/contracts";
import type { RunCounts, RunOutcome, RunStore } from "@skill-service/runs";
import type { Redis } from "ioredis";
import type { RedisSettings } from "../redis-settings.js";
import { type RedisRunKeys } from "./redis-run-keys.js";
export interface RunningRun {
    readonly run_id: string;
    readonly createdAtMs: number;
}
export declare class RedisRunStore implements RunStore {
    private readonly client;
    private readonly settings;
    readonly capacity: number;
    private readonly release;
    readonly keys: RedisRunKeys;
    private readonly scripts;
    constructor(client: Redis, settings: RedisSettings, capacity: number, release?: () => Promise<void>);
    create(record: RunRecord): Promise<RunRecord[]>;
    get(runId: string): Promise<RunRecord | undefined>;
    list(limit: number): Promise<RunRecord[]>;
    finish(runId: string, outcome: RunOutcome): Promise<boolean>;
    remove(runId: string): Promise<void>;
    count(): Promise<RunCounts>;
    runningRuns(): Promise<RunningRun[]>;
    close(): Promise<void>;
    private recordKey;
    private guard;
}
