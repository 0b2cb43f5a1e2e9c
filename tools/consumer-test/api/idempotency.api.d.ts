// API report of @skill-service/idempotency: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { DEFAULT_IDEMPOTENCY_TTL_SECONDS, IDEMPOTENCY_LEASE_MS, IN_PROGRESS_RETRY_AFTER_SECONDS, IdempotencyGuard, MAX_IDEMPOTENCY_KEY_LENGTH, isReplayableStatus, type IdempotencyDecision, type IdempotencyGuardOptions, type IdempotentRequest, } from "./idempotency-guard.js";
export type { IdempotencyRecord, IdempotencyStore, StoredResponse } from "./idempotency-store.js";
export { DEFAULT_MAX_IDEMPOTENCY_KEYS, MemoryIdempotencyStore, type MemoryIdempotencyStoreOptions } from "./memory-idempotency-store.js";

// ---- idempotency-guard.d.ts
import type { IdempotencyStore, StoredResponse } from "./idempotency-store.js";
export declare const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
export declare const DEFAULT_IDEMPOTENCY_TTL_SECONDS = 86400;
export declare const IDEMPOTENCY_LEASE_MS: number;
export declare const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;
export interface IdempotentRequest {
    readonly key: string;
    readonly subject: string;
    readonly operation: string;
    readonly body: unknown;
}
export type IdempotencyDecision = {
    readonly kind: "proceed";
    finish(response: StoredResponse): Promise<void>;
    abandon(): Promise<void>;
} | {
    readonly kind: "replay";
    readonly response: StoredResponse;
};
export interface IdempotencyGuardOptions {
    readonly ttlSeconds?: number;
    readonly leaseMs?: number;
}
export declare function isReplayableStatus(status: number): boolean;
export declare class IdempotencyGuard {
    private readonly store;
    readonly ttlMs: number;
    private readonly leaseMs;
    constructor(store: IdempotencyStore, options?: IdempotencyGuardOptions);
    begin(request: IdempotentRequest, options?: {
        readonly waitMs?: number;
        readonly signal?: AbortSignal;
    }): Promise<IdempotencyDecision>;
}

// ---- idempotency-store.d.ts
export interface StoredResponse {
    readonly status: number;
    readonly body: unknown;
}
export type IdempotencyRecord = {
    readonly state: "in_progress";
    readonly fingerprint: string;
} | {
    readonly state: "completed";
    readonly fingerprint: string;
    readonly response: StoredResponse;
};
export interface IdempotencyStore {
    claim(id: string, fingerprint: string, leaseMs: number): Promise<IdempotencyRecord | undefined>;
    complete(id: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void>;
    release(id: string): Promise<void>;
    read(id: string): Promise<IdempotencyRecord | undefined>;
}

// ---- memory-idempotency-store.d.ts
import type { IdempotencyRecord, IdempotencyStore, StoredResponse } from "./idempotency-store.js";
export interface MemoryIdempotencyStoreOptions {
    readonly maxKeys?: number;
    readonly now?: () => number;
}
export declare const DEFAULT_MAX_IDEMPOTENCY_KEYS = 10000;
export declare class MemoryIdempotencyStore implements IdempotencyStore {
    private readonly entries;
    private readonly maxKeys;
    private readonly now;
    constructor(options?: MemoryIdempotencyStoreOptions);
    get size(): number;
    claim(id: string, fingerprint: string, leaseMs: number): Promise<IdempotencyRecord | undefined>;
    complete(id: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void>;
    release(id: string): Promise<void>;
    read(id: string): Promise<IdempotencyRecord | undefined>;
    private live;
    private put;
}
