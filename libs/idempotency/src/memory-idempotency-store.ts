import type { IdempotencyRecord, IdempotencyStore, StoredResponse } from './idempotency-store.js';

export interface MemoryIdempotencyStoreOptions {
  /** Keys kept at most; past it the oldest go first (default 10,000). */
  readonly maxKeys?: number;
  /** Epoch milliseconds. */
  readonly now?: () => number;
}

interface Entry {
  readonly record: IdempotencyRecord;
  readonly expiresAt: number;
}

export const DEFAULT_MAX_IDEMPOTENCY_KEYS = 10_000;

/** The idempotency keys of one process, bounded in count and each expiring after its time. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry>();
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: MemoryIdempotencyStoreOptions = {}) {
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_IDEMPOTENCY_KEYS;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  async claim(id: string, fingerprint: string, leaseMs: number): Promise<IdempotencyRecord | undefined> {
    const held = this.live(id);
    if (held !== undefined) return held;
    this.put(id, { state: 'in_progress', fingerprint }, leaseMs);
    return undefined;
  }

  async complete(id: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void> {
    this.put(id, { state: 'completed', fingerprint, response }, ttlMs);
  }

  async release(id: string): Promise<void> {
    if (this.live(id)?.state === 'in_progress') this.entries.delete(id);
  }

  async read(id: string): Promise<IdempotencyRecord | undefined> {
    return this.live(id);
  }

  private live(id: string): IdempotencyRecord | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.now()) return entry.record;
    this.entries.delete(id);
    return undefined;
  }

  private put(id: string, record: IdempotencyRecord, ttlMs: number): void {
    // Re-inserted at the end: the map's order is the order of last writes, oldest first.
    this.entries.delete(id);
    this.entries.set(id, { record, expiresAt: this.now() + ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxKeys) break;
      this.entries.delete(oldest);
    }
  }
}
