/**
 * @skill-service/idempotency — idempotency keys for requests that start work: the first request
 * with a key runs and its answer is kept; a retry with the same key and body gets that answer again
 * and starts nothing; a different body under the same key is refused. Keys are scoped per subject.
 * Declares the store port; the in-memory store is here, the Redis one in @skill-service/redis-state.
 */
export {
  DEFAULT_IDEMPOTENCY_TTL_SECONDS,
  IDEMPOTENCY_LEASE_MS,
  IN_PROGRESS_RETRY_AFTER_SECONDS,
  IdempotencyGuard,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  isReplayableStatus,
  type IdempotencyDecision,
  type IdempotencyGuardOptions,
  type IdempotentRequest,
} from './idempotency-guard.js';
export type { IdempotencyRecord, IdempotencyStore, StoredResponse } from './idempotency-store.js';
export { DEFAULT_MAX_IDEMPOTENCY_KEYS, MemoryIdempotencyStore, type MemoryIdempotencyStoreOptions } from './memory-idempotency-store.js';
