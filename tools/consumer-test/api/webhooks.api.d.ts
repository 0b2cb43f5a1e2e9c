// API report of @skill-service/webhooks: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export type { DeadLetterStore } from "./dead-letter-store.js";
export { DEFAULT_RETRY_DELAYS_MS, type DeliveryQueue, type DeliveryQueueStats, type DeliveryWork, type QueuedDelivery } from "./delivery-queue.js";
export { DEFAULT_MAX_DEAD_LETTERS, InMemoryDeadLetterStore } from "./in-memory-dead-letter-store.js";
export { DEFAULT_DELIVERY_CONCURRENCY, DEFAULT_MAX_QUEUE, InMemoryDeliveryQueue, type InMemoryDeliveryQueueOptions } from "./in-memory-delivery-queue.js";
export { InMemorySubscriptionStore } from "./in-memory-subscription-store.js";
export { receives, type StoredSubscription, type SubscriptionStore } from "./subscription-store.js";
export { DEFAULT_DELIVERY_TIMEOUT_MS, WebhookDispatcher, type SubscriptionSource, type WebhookDispatcherOptions, type WebhookPost, type WebhookStats, } from "./webhook-dispatcher.js";
export { WebhookRegistry, type WebhookRegistryOptions, type WebhookUrlCheck } from "./webhook-registry.js";
export { signatureHeaders } from "./webhook-signature.js";
export { inMemoryWebhookState, type InMemoryWebhookStateOptions, type WebhookState } from "./webhook-state.js";

// ---- dead-letter-store.d.ts
import type { DeadLetter } from "@skill-service/contracts";
export interface DeadLetterStore {
    add(letter: DeadLetter): Promise<number>;
    list(): Promise<DeadLetter[]>;
    get(id: string): Promise<DeadLetter | undefined>;
    take(id: string): Promise<DeadLetter | undefined>;
    count(): Promise<number>;
}

// ---- delivery-queue.d.ts
import type { WebhookDeliveryPayload } from "@skill-service/contracts";
export interface QueuedDelivery {
    readonly id: string;
    readonly subscription: {
        readonly id: string;
        readonly url: string;
        readonly secret?: string;
    };
    readonly payload: WebhookDeliveryPayload;
    readonly replay?: boolean;
    readonly trace_carrier?: Readonly<Record<string, string>>;
}
export interface DeliveryWork {
    attempt(delivery: QueuedDelivery, attempt: number): Promise<string | undefined>;
    exhausted(delivery: QueuedDelivery, attempts: number, lastError: string): Promise<void>;
}
export interface DeliveryQueueStats {
    readonly queued: number;
    readonly in_flight: number;
    readonly retrying: number;
    readonly overflowed: number;
}
export interface DeliveryQueue {
    start(work: DeliveryWork): void;
    enqueue(deliveries: readonly QueuedDelivery[]): Promise<void>;
    stats(): DeliveryQueueStats;
    close(graceMs: number): Promise<void>;
}
export declare const DEFAULT_RETRY_DELAYS_MS: readonly number[];

// ---- in-memory-dead-letter-store.d.ts
import type { DeadLetter } from "@skill-service/contracts";
import type { DeadLetterStore } from "./dead-letter-store.js";
export declare const DEFAULT_MAX_DEAD_LETTERS = 500;
export declare class InMemoryDeadLetterStore implements DeadLetterStore {
    #private;
    private readonly maxDeadLetters;
    constructor(maxDeadLetters?: number);
    add(letter: DeadLetter): Promise<number>;
    list(): Promise<DeadLetter[]>;
    get(id: string): Promise<DeadLetter | undefined>;
    take(id: string): Promise<DeadLetter | undefined>;
    count(): Promise<number>;
}

// ---- in-memory-delivery-queue.d.ts
import { type DeliveryQueue, type DeliveryQueueStats, type DeliveryWork, type QueuedDelivery } from "./delivery-queue.js";
export declare const DEFAULT_DELIVERY_CONCURRENCY = 8;
export declare const DEFAULT_MAX_QUEUE = 10000;
export interface InMemoryDeliveryQueueOptions {
    readonly retryDelaysMs?: readonly number[];
    readonly concurrency?: number;
    readonly maxQueue?: number;
}
export declare class InMemoryDeliveryQueue implements DeliveryQueue {
    #private;
    constructor(options?: InMemoryDeliveryQueueOptions);
    start(work: DeliveryWork): void;
    enqueue(deliveries: readonly QueuedDelivery[]): Promise<void>;
    stats(): DeliveryQueueStats;
    close(graceMs: number): Promise<void>;
}

// ---- in-memory-subscription-store.d.ts
import type { WebhookEventName } from "@skill-service/contracts";
import { type StoredSubscription, type SubscriptionStore } from "./subscription-store.js";
export declare class InMemorySubscriptionStore implements SubscriptionStore {
    #private;
    add(subscription: StoredSubscription, max: number): Promise<boolean>;
    list(): Promise<StoredSubscription[]>;
    get(id: string): Promise<StoredSubscription | undefined>;
    delete(id: string): Promise<boolean>;
    count(): Promise<number>;
    matching(event: WebhookEventName): Promise<StoredSubscription[]>;
}

// ---- subscription-store.d.ts
import type { WebhookEventName } from "@skill-service/contracts";
export interface StoredSubscription {
    readonly id: string;
    readonly url: string;
    readonly events: readonly string[];
    readonly active: boolean;
    readonly secret?: string;
}
export interface SubscriptionStore {
    add(subscription: StoredSubscription, max: number): Promise<boolean>;
    list(): Promise<StoredSubscription[]>;
    get(id: string): Promise<StoredSubscription | undefined>;
    delete(id: string): Promise<boolean>;
    count(): Promise<number>;
    matching(event: WebhookEventName): Promise<StoredSubscription[]>;
}
export declare function receives(subscription: StoredSubscription, event: WebhookEventName): boolean;

// ---- webhook-dispatcher.d.ts
import { type DeadLetter, type WebhookEventData, type WebhookEventName } from "@skill-service/contracts";
import type { DeadLetterStore } from "./dead-letter-store.js";
import type { DeliveryQueue } from "./delivery-queue.js";
import type { StoredSubscription } from "./subscription-store.js";
export type WebhookPost = (url: string, body: string, headers: Readonly<Record<string, string>>, options: {
    readonly timeoutMs: number;
    readonly signal?: AbortSignal;
}) => Promise<{
    readonly status: number;
}>;
export interface SubscriptionSource {
    matching(event: WebhookEventName): Promise<StoredSubscription[]>;
    get(id: string): Promise<StoredSubscription | undefined>;
}
export interface WebhookDispatcherOptions {
    readonly subscriptions: SubscriptionSource;
    readonly post: WebhookPost;
    readonly queue?: DeliveryQueue;
    readonly deadLetters?: DeadLetterStore;
    readonly retryDelaysMs?: readonly number[];
    readonly timeoutMs?: number;
    readonly concurrency?: number;
    readonly maxQueue?: number;
    readonly maxDeadLetters?: number;
    readonly now?: () => number;
    readonly newId?: () => string;
    readonly onError?: (what: string, error: unknown) => void;
}
export interface WebhookStats {
    readonly subscriptions_matched: number;
    readonly queued: number;
    readonly in_flight: number;
    readonly retrying: number;
    readonly delivered: number;
    readonly failed_attempts: number;
    readonly dead_lettered: number;
    readonly overflowed: number;
    readonly dead_letters_dropped: number;
    readonly dead_letters: number;
    readonly events_lost: number;
}
export declare const DEFAULT_DELIVERY_TIMEOUT_MS = 10000;
export declare class WebhookDispatcher {
    private readonly options;
    private readonly queue;
    private readonly deadLetters;
    private readonly timeoutMs;
    private readonly now;
    private readonly newId;
    private closed;
    private knownDeadLetters;
    private lostReportedAt;
    private lostUnreported;
    private counters;
    constructor(options: WebhookDispatcherOptions);
    publish(event: WebhookEventName, data: WebhookEventData, traceId: string): Promise<number>;
    private reportLost;
    listDeadLetters(): Promise<DeadLetter[]>;
    replay(deadLetterId: string): Promise<{
        replayed: string;
    }>;
    stats(): WebhookStats;
    currentStats(): Promise<WebhookStats>;
    close(graceMs?: number): Promise<void>;
    private attempt;
    private send;
    private withTimeout;
    private deadLetter;
}

// ---- webhook-registry.d.ts
import { type WebhookEventName, type WebhookSubscription } from "@skill-service/contracts";
import type { StoredSubscription, SubscriptionStore } from "./subscription-store.js";
export type WebhookUrlCheck = (url: string) => Promise<void>;
export interface WebhookRegistryOptions {
    readonly checkUrl: WebhookUrlCheck;
    readonly store?: SubscriptionStore;
    readonly maxSubscriptions?: number;
    readonly newId?: () => string;
}
export declare class WebhookRegistry {
    private readonly options;
    private readonly store;
    private readonly maxSubscriptions;
    private readonly newId;
    constructor(options: WebhookRegistryOptions);
    count(): Promise<number>;
    create(request: unknown): Promise<WebhookSubscription>;
    list(): Promise<WebhookSubscription[]>;
    delete(id: string): Promise<{
        deleted: string;
    }>;
    get(id: string): Promise<StoredSubscription | undefined>;
    matching(event: WebhookEventName): Promise<StoredSubscription[]>;
    private limitReached;
}

// ---- webhook-signature.d.ts
export declare function signatureHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string>;

// ---- webhook-state.d.ts
import type { DeadLetterStore } from "./dead-letter-store.js";
import type { DeliveryQueue } from "./delivery-queue.js";
import { type InMemoryDeliveryQueueOptions } from "./in-memory-delivery-queue.js";
import type { SubscriptionStore } from "./subscription-store.js";
export interface WebhookState {
    readonly subscriptions: SubscriptionStore;
    readonly deliveries: DeliveryQueue;
    readonly deadLetters: DeadLetterStore;
    close?(): Promise<void>;
}
export interface InMemoryWebhookStateOptions extends InMemoryDeliveryQueueOptions {
    readonly maxDeadLetters?: number;
}
export declare function inMemoryWebhookState(options?: InMemoryWebhookStateOptions): WebhookState;
