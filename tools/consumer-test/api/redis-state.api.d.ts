// API report of @skill-service/redis-state: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { deleteDeploymentKeys } from "./deployment-keys.js";
export { createRedisRateLimitStore, type RedisRateLimitStore, type RedisRateLimitStoreOptions } from "./rate-limits/redis-rate-limit-store.js";
export { checkReachable, connectionOptions, prefixedKey, queueClient, requestClient } from "./redis-connection.js";
export { DEFAULT_REDIS_PREFIX, redactedRedisUrl, redisSettings, type RedisSettings } from "./redis-settings.js";
export { CorruptStateError } from "./state-errors.js";
export { BullmqDeliveryQueue, DELIVERY_QUEUE_NAME, type BullmqDeliveryQueueOptions } from "./webhooks/bullmq-delivery-queue.js";
export { RedisDeadLetterStore } from "./webhooks/redis-dead-letter-store.js";
export { RedisSubscriptionStore } from "./webhooks/redis-subscription-store.js";
export { createRedisWebhookState, type RedisWebhookState, type RedisWebhookStateOptions } from "./webhooks/redis-webhook-state.js";

// ---- deployment-keys.d.ts
import type { RedisSettings } from "./redis-settings.js";
export declare function deleteDeploymentKeys(settings: RedisSettings): Promise<number>;

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

// ---- state-errors.d.ts
import { ServiceError } from "@skill-service/contracts";
export declare class CorruptStateError extends ServiceError {
    constructor(what: string, key: string);
}
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
