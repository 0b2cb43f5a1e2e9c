/** The answer a request got, kept to be answered again to a retry with the same key. */
export interface StoredResponse {
  readonly status: number;
  readonly body: unknown;
}

/** What a key holds: a request still being answered, or the answer it got. */
export type IdempotencyRecord =
  | { readonly state: 'in_progress'; readonly fingerprint: string }
  | { readonly state: 'completed'; readonly fingerprint: string; readonly response: StoredResponse };

/**
 * Where idempotency keys live (the port; in memory for one process, on Redis for a deployment).
 * `id` is already scoped (subject and key, hashed) by the guard. Every operation is atomic on its
 * own: two claims of one id never both succeed.
 */
export interface IdempotencyStore {
  /** Claims `id` as in progress for `leaseMs` when it is free (`undefined`); else what it holds. */
  claim(id: string, fingerprint: string, leaseMs: number): Promise<IdempotencyRecord | undefined>;
  /** Keeps the response under `id` for `ttlMs`, replacing the claim. */
  complete(id: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void>;
  /** Frees a claim whose request did no work, so that a retry runs; a completed record stays. */
  release(id: string): Promise<void>;
  /** What `id` holds now, if anything. */
  read(id: string): Promise<IdempotencyRecord | undefined>;
}
