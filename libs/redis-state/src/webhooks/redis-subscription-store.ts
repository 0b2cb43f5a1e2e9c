import type { Redis } from 'ioredis';
import type { WebhookEventName } from '@skill-service/contracts';
import { receives, type StoredSubscription, type SubscriptionStore } from '@skill-service/webhooks';
import { prefixedKey } from '../redis-connection.js';
import type { RedisSettings } from '../redis-settings.js';
import { CorruptStateError, parseJson, stateCall } from '../state-errors.js';
import { StoredSubscriptionSchema, toStored } from './stored-subscription-schema.js';

const WHAT = 'the webhook subscriptions';

// KEYS: subscriptions hash, order zset, sequence. ARGV: id, json, max.
// The count and the write in one script: two processes creating at once never pass the cap.
const ADD = `
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
local seq = redis.call('INCR', KEYS[3])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], seq, ARGV[1])
return 1`;

// KEYS: subscriptions hash, order zset. ARGV: id.
const DELETE = `
redis.call('ZREM', KEYS[2], ARGV[1])
return redis.call('HDEL', KEYS[1], ARGV[1])`;

/**
 * Subscriptions shared by every process of a deployment: a hash of id → JSON and a sorted set
 * giving creation order, under `<prefix>:webhooks:`. They survive restarts. Unreachable Redis →
 * `service_unavailable`; a value this service did not write → `CorruptStateError`.
 */
export class RedisSubscriptionStore implements SubscriptionStore {
  readonly #hash: string;
  readonly #order: string;
  readonly #sequence: string;

  constructor(
    private readonly client: Redis,
    settings: RedisSettings,
  ) {
    this.#hash = prefixedKey(settings, 'webhooks', 'subscriptions');
    this.#order = prefixedKey(settings, 'webhooks', 'subscription-order');
    this.#sequence = prefixedKey(settings, 'webhooks', 'subscription-sequence');
  }

  async add(subscription: StoredSubscription, max: number): Promise<boolean> {
    const added = await stateCall(WHAT, this.#hash, () =>
      this.client.eval(ADD, 3, this.#hash, this.#order, this.#sequence, subscription.id, JSON.stringify(subscription), String(max)),
    );
    return added === 1;
  }

  async list(): Promise<StoredSubscription[]> {
    return (await this.#all()).map((entry) => {
      if (entry.subscription === undefined) throw new CorruptStateError(`the webhook subscription '${entry.id}'`, `key '${this.#hash}'`);
      return entry.subscription;
    });
  }

  async get(id: string): Promise<StoredSubscription | undefined> {
    const text = await stateCall(WHAT, this.#hash, () => this.client.hget(this.#hash, id));
    if (text === null) return undefined;
    const subscription = this.#parse(text);
    if (subscription === undefined) throw new CorruptStateError(`the webhook subscription '${id}'`, `key '${this.#hash}'`);
    return subscription;
  }

  async delete(id: string): Promise<boolean> {
    return (await stateCall(WHAT, this.#hash, () => this.client.eval(DELETE, 2, this.#hash, this.#order, id))) === 1;
  }

  async count(): Promise<number> {
    return stateCall(WHAT, this.#hash, () => this.client.hlen(this.#hash));
  }

  /** Unreadable entries are skipped here: one damaged value must not stop every delivery. */
  async matching(event: WebhookEventName): Promise<StoredSubscription[]> {
    return (await this.#all()).flatMap((entry) => (entry.subscription !== undefined && receives(entry.subscription, event) ? [entry.subscription] : []));
  }

  async #all(): Promise<{ id: string; subscription: StoredSubscription | undefined }[]> {
    const [ids, texts] = await stateCall(WHAT, this.#hash, async () => {
      const ordered = await this.client.zrange(this.#order, 0, -1);
      const values = ordered.length === 0 ? [] : await this.client.hmget(this.#hash, ...ordered);
      return [ordered, values] as const;
    });
    const entries: { id: string; subscription: StoredSubscription | undefined }[] = [];
    ids.forEach((id, index) => {
      const text = texts[index];
      // Listed in the order but gone from the hash: deleted between the two reads.
      if (text === null || text === undefined) return;
      entries.push({ id, subscription: this.#parse(text) });
    });
    return entries;
  }

  #parse(text: string): StoredSubscription | undefined {
    const parsed = StoredSubscriptionSchema.safeParse(parseJson(text));
    return parsed.success ? toStored(parsed.data) : undefined;
  }
}
