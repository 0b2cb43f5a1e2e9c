// API report of @skill-service/redis-state: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { deleteDeploymentKeys } from "./deployment-keys.js";
export { createRedisRateLimitStore, type RedisRateLimitStore, type RedisRateLimitStoreOptions } from "./rate-limits/redis-rate-limit-store.js";
export { RedisIdempotencyStore } from "./idempotency/redis-idempotency-store.js";
export { checkReachable, connectionOptions, prefixedKey, queueClient, requestClient } from "./redis-connection.js";
export { DEFAULT_REDIS_PREFIX, redactedRedisUrl, redisSettings, type RedisSettings } from "./redis-settings.js";
export { CorruptStateError } from "./state-errors.js";
export { BullmqDeliveryQueue, DELIVERY_QUEUE_NAME, type BullmqDeliveryQueueOptions } from "./webhooks/bullmq-delivery-queue.js";
export { RedisDeadLetterStore } from "./webhooks/redis-dead-letter-store.js";
export { RedisSubscriptionStore } from "./webhooks/redis-subscription-store.js";
export { createRedisWebhookState, type RedisWebhookState, type RedisWebhookStateOptions } from "./webhooks/redis-webhook-state.js";
export { createRedisRunState, type RedisRunState, type RedisRunStateOptions } from "./runs/create-redis-run-state.js";
export { RedisRunQueue, type RedisRunQueueClients, type RedisRunQueueOptions, type RunStateLog } from "./runs/redis-run-queue.js";
export { RedisRunStore, type RunningRun } from "./runs/redis-run-store.js";
export { RedisRunEventLog, type RedisRunEventLogOptions } from "./runs/redis-run-event-log.js";

// ---- deployment-keys.d.ts
import type { RedisSettings } from "./redis-settings.js";
export declare function deleteDeploymentKeys(settings: RedisSettings): Promise<number>;

// ---- idempotency/redis-idempotency-store.d.ts
import type { Redis } from "ioredis";
import type { IdempotencyRecord, IdempotencyStore, StoredResponse } from "@skill-service/idempotency";
import type { RedisSettings } from "../redis-settings.js";
export declare class RedisIdempotencyStore implements IdempotencyStore {
    private readonly client;
    private readonly settings;
    constructor(client: Redis, settings: RedisSettings);
    claim(id: string, fingerprint: string, leaseMs: number): Promise<IdempotencyRecord | undefined>;
    complete(id: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void>;
    release(id: string): Promise<void>;
    read(id: string): Promise<IdempotencyRecord | undefined>;
    private key;
}

// ---- rate-limits/redis-rate-limit-store.d.ts
import type { RateLimitPolicy, RateLimitStore } from "@skill-service/auth";
import type { RedisSettings } from "../redis-settings.js";
export interface RedisRateLimitStoreOptions {
    readonly onError?: (what: string, error: unknown) => void;
}
export interface RedisRateLimitStore extends RateLimitStore {
    readonly shared: boolean;
    close(): Promise<void>;
}
export declare function createRedisRateLimitStore(settings: RedisSettings, policy: RateLimitPolicy, options?: RedisRateLimitStoreOptions): Promise<RedisRateLimitStore>;

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
import { RedisRunEventLog } from "./redis-run-event-log.js";
export interface RedisRunStateOptions extends RedisRunQueueOptions {
    readonly maxRuns: number;
    readonly maxEventsPerRun?: number;
}
export interface RedisRunState extends RunState {
    readonly store: RedisRunStore;
    readonly queue: RedisRunQueue;
    readonly events: RedisRunEventLog;
}
export declare function createRedisRunState(settings: RedisSettings, options: RedisRunStateOptions): Promise<RedisRunState>;

// ---- runs/redis-run-event-log.d.ts
import { type NewRunEvent, type RunEvent, type RunEventLog } from "@skill-service/runs";
import { Redis } from "ioredis";
import type { RedisSettings } from "../redis-settings.js";
export interface RedisRunEventLogOptions {
    readonly maxEventsPerRun?: number;
}
export declare class RedisRunEventLog implements RunEventLog {
    private readonly client;
    private readonly settings;
    readonly maxEventsPerRun: number;
    private readonly keys;
    private readonly append_;
    private readonly idle;
    private readonly busy;
    private closed;
    constructor(client: Redis, settings: RedisSettings, options?: RedisRunEventLogOptions);
    open(runId: string): Promise<void>;
    append(runId: string, type: string, data: unknown): Promise<number | undefined>;
    appendMany(runId: string, events: readonly NewRunEvent[]): Promise<(number | undefined)[]>;
    read(runId: string, afterId: number, waitMs?: number): Promise<RunEvent[]>;
    drop(runId: string): Promise<void>;
    close(): Promise<void>;
    private takeBlocking;
    private decode;
    private streamKey;
    private guard;
}

// ---- runs/redis-run-keys.d.ts
import type { RedisSettings } from "../redis-settings.js";
export interface RedisRunKeys {
    readonly recordPrefix: string;
    readonly index: string;
    readonly sequence: string;
    readonly running: string;
    readonly cancelChannel: string;
    readonly bullPrefix: string;
    readonly eventsPrefix: string;
    readonly heldPrefix: string;
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
    private readonly held;
    private readonly idle;
    private worker;
    private processor;
    private concurrency;
    private reconcileTimer;
    private reconciling;
    private handingBack;
    private closed;
    private readonly closing;
    constructor(clients: RedisRunQueueClients, settings: RedisSettings, store: RedisRunStore, options?: RedisRunQueueOptions);
    enqueue(job: RunJobData): Promise<void>;
    start(processor: RunProcessor, concurrency: number): void;
    private newWorker;
    ready(): Promise<void>;
    cancel(runId: string, reason: string): Promise<void>;
    hold(runId: string, canceller: AbortController): Promise<() => Promise<void>>;
    stats(): Promise<RunQueueStats>;
    close(drainMs: number): Promise<void>;
    private process;
    private countStart;
    private handBackStarted;
    private handBack;
    private whenIdle;
    private onCancel;
    private abortLocal;
    private failureMessage;
    private abandon;
    private reconcile;
    private reconcilePass;
    private isHeld;
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
    create(record: RunRecord, launchedBy?: string): Promise<RunRecord[]>;
    get(runId: string): Promise<RunRecord | undefined>;
    list(limit: number): Promise<RunRecord[]>;
    finish(runId: string, outcome: RunOutcome): Promise<boolean>;
    countStart(runId: string): Promise<number | null>;
    uncountStart(runId: string): Promise<void>;
    remove(runId: string): Promise<void>;
    count(): Promise<RunCounts>;
    runningRuns(): Promise<RunningRun[]>;
    close(): Promise<void>;
    launcher(runId: string): Promise<string | undefined>;
    private recordKey;
    private guard;
}

// ---- state-errors.d.ts
import { ServiceError } from "@skill-service/contracts";
export declare class CorruptStateError extends ServiceError {
    constructor(what: string, where: string);
}
export declare function redisFailure(error: unknown, what: string, where: string): ServiceError;
export declare function stateCall<T>(what: string, key: string, call: () => Promise<T>): Promise<T>;
export declare function parseJson(text: string): unknown;

// ---- webhooks/bullmq-delivery-queue.d.ts
import type { Redis } from "ioredis";
import { type DeliveryQueue, type DeliveryQueueStats, type DeliveryWork, type QueuedDelivery } from "@skill-service/webhooks";
import type { RedisSettings } from "../redis-settings.js";
export declare const DELIVERY_QUEUE_NAME = "webhook-deliveries";
export interface BullmqDeliveryQueueOptions {
    readonly retryDelaysMs?: readonly number[];
    readonly concurrency?: number;
    readonly lockDurationMs?: number;
    readonly onError?: (what: string, error: unknown) => void;
}
export declare class BullmqDeliveryQueue implements DeliveryQueue {
    #private;
    private readonly workerConnection;
    private readonly settings;
    private readonly options;
    constructor(queueConnection: Redis, workerConnection: Redis, settings: RedisSettings, options?: BullmqDeliveryQueueOptions);
    start(work: DeliveryWork): void;
    enqueue(deliveries: readonly QueuedDelivery[]): Promise<void>;
    stats(): DeliveryQueueStats;
    close(graceMs: number): Promise<void>;
}

// ---- webhooks/redis-dead-letter-store.d.ts
import type { Redis } from "ioredis";
import { DeadLetter } from "@skill-service/contracts";
import type { DeadLetterStore } from "@skill-service/webhooks";
import type { RedisSettings } from "../redis-settings.js";
export declare class RedisDeadLetterStore implements DeadLetterStore {
    #private;
    private readonly client;
    private readonly maxDeadLetters;
    constructor(client: Redis, settings: RedisSettings, maxDeadLetters: number);
    add(letter: DeadLetter): Promise<number>;
    list(): Promise<DeadLetter[]>;
    get(id: string): Promise<DeadLetter | undefined>;
    take(id: string): Promise<DeadLetter | undefined>;
    count(): Promise<number>;
    dropped(): Promise<number>;
}

// ---- webhooks/redis-subscription-store.d.ts
import type { Redis } from "ioredis";
import type { WebhookEventName } from "@skill-service/contracts";
import { type StoredSubscription, type SubscriptionStore } from "@skill-service/webhooks";
import type { RedisSettings } from "../redis-settings.js";
export declare class RedisSubscriptionStore implements SubscriptionStore {
    #private;
    private readonly client;
    constructor(client: Redis, settings: RedisSettings);
    add(subscription: StoredSubscription, max: number): Promise<boolean>;
    list(): Promise<StoredSubscription[]>;
    get(id: string): Promise<StoredSubscription | undefined>;
    delete(id: string): Promise<boolean>;
    count(): Promise<number>;
    matching(event: WebhookEventName): Promise<StoredSubscription[]>;
}

// ---- webhooks/redis-webhook-state.d.ts
import { type WebhookState } from "@skill-service/webhooks";
import { type RedisSettings } from "../redis-settings.js";
import { RedisDeadLetterStore } from "./redis-dead-letter-store.js";
export interface RedisWebhookStateOptions {
    readonly retryDelaysMs?: readonly number[];
    readonly concurrency?: number;
    readonly maxDeadLetters?: number;
    readonly lockDurationMs?: number;
    readonly onError?: (what: string, error: unknown) => void;
}
export interface RedisWebhookState extends WebhookState {
    readonly deadLetters: RedisDeadLetterStore;
    close(): Promise<void>;
}
export declare function createRedisWebhookState(settings: RedisSettings, options?: RedisWebhookStateOptions): Promise<RedisWebhookState>;
