import type { Redis } from 'ioredis';
import { DeadLetter } from '@skill-service/contracts';
import type { DeadLetterStore } from '@skill-service/webhooks';
import { prefixedKey } from '../redis-connection.js';
import type { RedisSettings } from '../redis-settings.js';
import { CorruptStateError, parseJson, stateCall } from '../state-errors.js';

const WHAT = 'the webhook dead letters';

// KEYS: letters hash, order zset, sequence, dropped counter. ARGV: id, json, max.
// A letter already kept is replaced in place; past the bound the oldest go, counted.
const ADD = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then
  redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), ARGV[1])
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
local dropped = 0
local excess = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[3])
if excess > 0 then
  local oldest = redis.call('ZPOPMIN', KEYS[2], excess)
  for i = 1, #oldest, 2 do
    redis.call('HDEL', KEYS[1], oldest[i])
    dropped = dropped + 1
  end
  redis.call('INCRBY', KEYS[4], dropped)
end
return dropped`;

// KEYS: letters hash, order zset. ARGV: id. The read and the removal in one step: one replay wins.
const TAKE = `
local letter = redis.call('HGET', KEYS[1], ARGV[1])
if not letter then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return letter`;

// KEYS: letters hash, order zset. Both read at one point in time.
const LIST = `
local ids = redis.call('ZRANGE', KEYS[2], 0, -1)
if #ids == 0 then return {} end
local letters = redis.call('HMGET', KEYS[1], unpack(ids))
local answer = {}
for i = 1, #ids do
  answer[2 * i - 1] = ids[i]
  answer[2 * i] = letters[i] or ''
end
return answer`;

/**
 * Dead letters shared by every process: a hash of id (the delivery's `webhook-id`) → JSON and a
 * sorted set giving their order, bounded (oldest dropped, counted under `dead-letters-dropped`).
 * They survive restarts and can be listed and replayed from any process.
 */
export class RedisDeadLetterStore implements DeadLetterStore {
  readonly #hash: string;
  readonly #order: string;
  readonly #sequence: string;
  readonly #dropped: string;

  constructor(
    private readonly client: Redis,
    settings: RedisSettings,
    private readonly maxDeadLetters: number,
  ) {
    this.#hash = prefixedKey(settings, 'webhooks', 'dead-letters');
    this.#order = prefixedKey(settings, 'webhooks', 'dead-letter-order');
    this.#sequence = prefixedKey(settings, 'webhooks', 'dead-letter-sequence');
    this.#dropped = prefixedKey(settings, 'webhooks', 'dead-letters-dropped');
  }

  async add(letter: DeadLetter): Promise<number> {
    const dropped = await stateCall(WHAT, this.#hash, () =>
      this.client.eval(ADD, 4, this.#hash, this.#order, this.#sequence, this.#dropped, letter.id, JSON.stringify(letter), String(this.maxDeadLetters)),
    );
    return Number(dropped);
  }

  async list(): Promise<DeadLetter[]> {
    const flat = (await stateCall(WHAT, this.#hash, () => this.client.eval(LIST, 2, this.#hash, this.#order))) as string[];
    const letters: DeadLetter[] = [];
    for (let i = 0; i < flat.length; i += 2) {
      const text = flat[i + 1];
      // Ordered but gone from the hash (taken meanwhile): not a letter any more.
      if (text === undefined || text === '') continue;
      letters.push(this.#parse(String(flat[i]), text));
    }
    return letters;
  }

  async get(id: string): Promise<DeadLetter | undefined> {
    const text = await stateCall(WHAT, this.#hash, () => this.client.hget(this.#hash, id));
    return text === null ? undefined : this.#parse(id, text);
  }

  async take(id: string): Promise<DeadLetter | undefined> {
    const text = (await stateCall(WHAT, this.#hash, () => this.client.eval(TAKE, 2, this.#hash, this.#order, id))) as string | null;
    return text === null ? undefined : this.#parse(id, text);
  }

  async count(): Promise<number> {
    return stateCall(WHAT, this.#hash, () => this.client.hlen(this.#hash));
  }

  /** Dead letters pushed out by newer ones, by every process since the prefix was created. */
  async dropped(): Promise<number> {
    return Number((await stateCall(WHAT, this.#dropped, () => this.client.get(this.#dropped))) ?? 0);
  }

  #parse(id: string, text: string): DeadLetter {
    const parsed = DeadLetter.safeParse(parseJson(text));
    if (!parsed.success) throw new CorruptStateError(`the webhook dead letter '${id}'`, `key '${this.#hash}'`);
    return parsed.data;
  }
}
