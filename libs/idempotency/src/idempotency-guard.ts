import { createHash } from 'node:crypto';
import { InvalidRequestError, ServiceError } from '@skill-service/contracts';
import { abortableSleep, canonicalJson } from '@skill-service/util';
import type { IdempotencyStore, StoredResponse } from './idempotency-store.js';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
export const DEFAULT_IDEMPOTENCY_TTL_SECONDS = 86_400;
/**
 * How long a claim holds while its request is answered. It outlives any execution the step and run
 * limits allow, and frees the key if the process answering died, so the key is not blocked for a day.
 */
export const IDEMPOTENCY_LEASE_MS = 15 * 60_000;
/** A duplicate arriving while the first is answered is told to retry after this. */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

const KEY_PATTERN = /^[\x20-\x7e]+$/;
const NEVER = new AbortController().signal;

/** One request that carries an `Idempotency-Key`. */
export interface IdempotentRequest {
  readonly key: string;
  /** Keys are scoped per authenticated subject: another subject's same key is another key. */
  readonly subject: string;
  /** What is done: method and path (`POST /v1/skills/demo.x/execute`), so one key cannot serve two operations. */
  readonly operation: string;
  readonly body: unknown;
}

/**
 * What to do with the request: run it and report its answer (`finish`, or `abandon` when it did no
 * work), or answer the stored response again.
 */
export type IdempotencyDecision =
  | { readonly kind: 'proceed'; finish(response: StoredResponse): Promise<void>; abandon(): Promise<void> }
  | { readonly kind: 'replay'; readonly response: StoredResponse };

export interface IdempotencyGuardOptions {
  /** How long an answer is kept (SERVICE_IDEMPOTENCY_TTL_SECONDS). */
  readonly ttlSeconds?: number;
  readonly leaseMs?: number;
}

/** Whether `status` is an answer to keep: one the request's work produced, not a refusal before it. */
export function isReplayableStatus(status: number): boolean {
  // Bad requests (400), unknown targets (404), too large (413), wrong media type (415) and an
  // unavailable service (503) happen before any work: a retry with a fixed request must run.
  return ![400, 404, 405, 413, 415, 429, 503].includes(status);
}

/**
 * Idempotency keys over a store: the first request with a key runs and its answer is kept for the
 * TTL; the same key with the same body answers it again; with a different body, 422; while the
 * first is still being answered, 409 with Retry-After, or — for a request that answers at once,
 * such as launching an async run — a short wait for that first answer.
 */
export class IdempotencyGuard {
  readonly ttlMs: number;
  private readonly leaseMs: number;

  constructor(
    private readonly store: IdempotencyStore,
    options: IdempotencyGuardOptions = {},
  ) {
    this.ttlMs = (options.ttlSeconds ?? DEFAULT_IDEMPOTENCY_TTL_SECONDS) * 1000;
    this.leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  }

  /**
   * `waitMs`: how long a duplicate waits for the first answer before it is refused with 409;
   * `signal` ends that wait (the client left).
   */
  async begin(request: IdempotentRequest, options: { readonly waitMs?: number; readonly signal?: AbortSignal } = {}): Promise<IdempotencyDecision> {
    checkKey(request.key);
    const id = createHash('sha256').update(request.subject).update('\n').update(request.key).digest('hex');
    const fingerprint = createHash('sha256').update(canonicalJson({ operation: request.operation, body: request.body ?? null })).digest('hex');
    const deadline = Date.now() + (options.waitMs ?? 0);
    for (;;) {
      const held = await this.store.claim(id, fingerprint, this.leaseMs);
      if (held === undefined) {
        return {
          kind: 'proceed',
          finish: (response) => (isReplayableStatus(response.status) ? this.store.complete(id, fingerprint, response, this.ttlMs) : this.store.release(id)),
          abandon: () => this.store.release(id),
        };
      }
      if (held.fingerprint !== fingerprint) {
        throw new ServiceError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request; use a new key for a new request');
      }
      if (held.state === 'completed') return { kind: 'replay', response: held.response };
      if (Date.now() >= deadline) {
        throw new ServiceError('idempotency_in_progress', 'A request with this Idempotency-Key is still being answered; retry after it finishes', {
          details: { retry_after_seconds: IN_PROGRESS_RETRY_AFTER_SECONDS },
        });
      }
      await abortableSleep(Math.min(50, Math.max(1, deadline - Date.now())), options.signal ?? NEVER);
    }
  }
}

function checkKey(key: string): void {
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !KEY_PATTERN.test(key)) {
    throw new InvalidRequestError(`Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters`, {
      details: [{ path: 'Idempotency-Key', message: `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters, got ${key.length}` }],
    });
  }
}
