import type { Redis } from 'ioredis';
import { ServiceError } from '@skill-service/contracts';
import type { IdempotencyRecord, IdempotencyStore, StoredResponse } from '@skill-service/idempotency';
import { prefixedKey } from '../redis-connection.js';
import type { RedisSettings } from '../redis-settings.js';
import { CorruptStateError, parseJson, stateCall } from '../state-errors.js';

const WHAT = 'the idempotency keys';

/** Deletes the key only while it still holds a claim: a completed answer is never released. */
const RELEASE_CLAIM = `
local value = redis.call('GET', KEYS[1])
if value and string.find(value, '"state":"in_progress"', 1, true) then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Idempotency keys of a deployment: one string per key under `<prefix>:idempotency:`, claimed with
 * SET NX PX (atomic: two processes never both claim one key) and expiring on their own.
 */
export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly client: Redis,
    private readonly settings: RedisSettings,
  ) {}

  async claim(id: string, fingerprint: string, leaseMs: number): Promise<IdempotencyRecord | undefined> {
    const key = this.key(id);
    const claim = JSON.stringify({ state: 'in_progress', fingerprint } satisfies IdempotencyRecord);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const set = await stateCall(WHAT, key, () => this.client.set(key, claim, 'PX', leaseMs, 'NX'));
      if (set === 'OK') return undefined;
      const held = await this.read(id);
      // Expired between the two commands: claim again.
      if (held !== undefined) return held;
    }
    throw new ServiceError('service_unavailable', 'The idempotency key could not be claimed; retry');
  }

  async complete(id: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void> {
    const record: IdempotencyRecord = { state: 'completed', fingerprint, response };
    await stateCall(WHAT, this.key(id), () => this.client.set(this.key(id), JSON.stringify(record), 'PX', ttlMs));
  }

  async release(id: string): Promise<void> {
    await stateCall(WHAT, this.key(id), () => this.client.eval(RELEASE_CLAIM, 1, this.key(id)));
  }

  async read(id: string): Promise<IdempotencyRecord | undefined> {
    const key = this.key(id);
    const raw = await stateCall(WHAT, key, () => this.client.get(key));
    return raw === null ? undefined : parseRecord(raw, key);
  }

  private key(id: string): string {
    return prefixedKey(this.settings, 'idempotency', id);
  }
}

/** A value under the prefix that this adapter did not write is a typed error, never a crash. */
function parseRecord(raw: string, key: string): IdempotencyRecord {
  const value = parseJson(raw);
  const record = value as Partial<IdempotencyRecord> | undefined;
  const valid =
    typeof record === 'object' &&
    record !== null &&
    typeof record.fingerprint === 'string' &&
    (record.state === 'in_progress' || (record.state === 'completed' && typeof (record as { response?: { status?: unknown } }).response?.status === 'number'));
  if (!valid) throw new CorruptStateError('an idempotency record', `key '${key}'`);
  return record as IdempotencyRecord;
}
