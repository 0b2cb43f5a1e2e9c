// API report of @skill-service/redis-state: the declarations reachable from its src/index.ts.
// Generated; after an intended change of the public API run: npx nx run @skill-service/consumer-test:api-update

// ---- index.d.ts
export { deleteDeploymentKeys } from "./deployment-keys.js";
export { checkReachable, connectionOptions, prefixedKey, queueClient, requestClient } from "./redis-connection.js";
export { DEFAULT_REDIS_PREFIX, redactedRedisUrl, redisSettings, type RedisSettings } from "./redis-settings.js";

// ---- deployment-keys.d.ts
import type { RedisSettings } from "./redis-settings.js";
export declare function deleteDeploymentKeys(settings: RedisSettings): Promise<number>;

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
