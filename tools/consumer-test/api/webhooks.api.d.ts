// API report of @skill-service/webhooks: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { DEFAULT_DELIVERY_CONCURRENCY, DEFAULT_DELIVERY_TIMEOUT_MS, DEFAULT_MAX_DEAD_LETTERS, DEFAULT_MAX_QUEUE, DEFAULT_RETRY_DELAYS_MS, WebhookDispatcher, type SubscriptionSource, type WebhookDispatcherOptions, type WebhookPost, type WebhookStats, } from "./webhook-dispatcher.js";
export { WebhookRegistry, type StoredSubscription, type WebhookRegistryOptions, type WebhookUrlCheck } from "./webhook-registry.js";
export { signatureHeaders } from "./webhook-signature.js";

// ---- webhook-dispatcher.d.ts
import { type DeadLetter, type WebhookEventData, type WebhookEventName } from "@skill-service/contracts";
import type { StoredSubscription } from "./webhook-registry.js";
export type WebhookPost = (url: string, body: string, headers: Readonly<Record<string, string>>, options: {
    readonly timeoutMs: number;
}) => Promise<{
    readonly status: number;
}>;
export interface SubscriptionSource {
    matching(event: WebhookEventName): StoredSubscription[];
    get(id: string): StoredSubscription | undefined;
}
export interface WebhookDispatcherOptions {
    readonly subscriptions: SubscriptionSource;
    readonly post: WebhookPost;
    readonly retryDelaysMs?: readonly number[];
    readonly timeoutMs?: number;
    readonly concurrency?: number;
    readonly maxQueue?: number;
    readonly maxDeadLetters?: number;
    readonly now?: () => number;
    readonly newId?: () => string;
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
}
export declare const DEFAULT_RETRY_DELAYS_MS: readonly number[];
export declare const DEFAULT_DELIVERY_TIMEOUT_MS = 10000;
export declare const DEFAULT_DELIVERY_CONCURRENCY = 8;
export declare const DEFAULT_MAX_QUEUE = 10000;
export declare const DEFAULT_MAX_DEAD_LETTERS = 500;
export declare class WebhookDispatcher {
    private readonly options;
    private readonly queue;
    private readonly retryTimers;
    private readonly active;
    private readonly deadLetters;
    private readonly retryDelaysMs;
    private readonly timeoutMs;
    private readonly concurrency;
    private readonly maxQueue;
    private readonly maxDeadLetters;
    private readonly now;
    private readonly newId;
    private closed;
    private counters;
    constructor(options: WebhookDispatcherOptions);
    publish(event: WebhookEventName, data: WebhookEventData, traceId: string): number;
    listDeadLetters(): DeadLetter[];
    replay(deadLetterId: string): {
        replayed: string;
    };
    stats(): WebhookStats;
    close(graceMs?: number): Promise<void>;
    private waiting;
    private enqueue;
    private pump;
    private attempt;
    private deliver;
    private deadLetter;
}

// ---- webhook-registry.d.ts
import { type WebhookEventName, type WebhookSubscription } from "@skill-service/contracts";
export type WebhookUrlCheck = (url: string) => Promise<void>;
export interface StoredSubscription {
    readonly id: string;
    readonly url: string;
    readonly events: readonly string[];
    readonly active: boolean;
    readonly secret?: string;
}
export interface WebhookRegistryOptions {
    readonly checkUrl: WebhookUrlCheck;
    readonly maxSubscriptions?: number;
    readonly newId?: () => string;
}
export declare class WebhookRegistry {
    private readonly options;
    private readonly subscriptions;
    private readonly maxSubscriptions;
    private readonly newId;
    constructor(options: WebhookRegistryOptions);
    get size(): number;
    create(request: unknown): Promise<WebhookSubscription>;
    list(): WebhookSubscription[];
    delete(id: string): {
        deleted: string;
    };
    get(id: string): StoredSubscription | undefined;
    matching(event: WebhookEventName): StoredSubscription[];
    private checkLimit;
}

// ---- webhook-signature.d.ts
export declare function signatureHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string>;
