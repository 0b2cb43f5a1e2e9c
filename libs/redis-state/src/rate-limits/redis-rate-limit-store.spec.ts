import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { eventually } from '@skill-service/test-support';
import { prefixedKey } from '../redis-connection.js';
import type { RedisSettings } from '../redis-settings.js';
import { RedisProxy } from '../testing/redis-proxy.js';
import { removePrefix, testRedisSettings } from '../testing/test-redis.js';
import { createRedisRateLimitStore, type RedisRateLimitStore } from './redis-rate-limit-store.js';

// One window per client across processes (two stores on one prefix), and the fallback to memory while Redis is away.

jest.setTimeout(30_000);

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

async function storeOn(settings: RedisSettings, limit: number, windowSeconds = 60): Promise<RedisRateLimitStore> {
  const store = await createRedisRateLimitStore(settings, { limit, windowSeconds });
  cleanup.push(() => store.close());
  return store;
}

function prefixFor(label: string): RedisSettings {
  const settings = testRedisSettings(label);
  cleanup.push(() => removePrefix(settings));
  return settings;
}

describe('rate limits on Redis', () => {
  it('two processes share one window per client', async () => {
    const settings = prefixFor('rate-shared');
    const a = await storeOn(settings, 5);
    const b = await storeOn(settings, 5);
    const answers = await Promise.all(Array.from({ length: 12 }, (_x, i) => (i % 2 === 0 ? a : b).check('subject:alice', Date.now())));
    expect(answers.filter((decision) => decision.allowed)).toHaveLength(5);
    expect((await a.check('subject:alice', Date.now())).allowed).toBe(false);
    expect((await b.check('subject:alice', Date.now())).allowed).toBe(false);
    expect((await b.check('subject:bob', Date.now())).allowed).toBe(true);
    expect(a.shared && b.shared).toBe(true);
    // Another deployment's prefix has windows of its own.
    const other = await storeOn(prefixFor('rate-other'), 5);
    expect((await other.check('subject:alice', Date.now())).allowed).toBe(true);
  });

  it('keeps answering from memory while Redis is away, and shares again once it is back', async () => {
    const settings = prefixFor('rate-down');
    const proxy = new RedisProxy(settings);
    const through = await proxy.start();
    cleanup.push(() => proxy.stop());
    const store = await storeOn(through, 2);
    expect((await store.check('c', Date.now())).allowed).toBe(true);
    expect(store.shared).toBe(true);

    await proxy.stop();
    // The insurance limiter still limits: 2 per window, per process.
    const whileDown = [];
    for (let i = 0; i < 3; i += 1) whileDown.push(await store.check('down', Date.now()));
    expect(whileDown.map((decision) => decision.allowed)).toEqual([true, true, false]);
    expect(whileDown[2]?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(store.shared).toBe(false);

    await proxy.start();
    await eventually('the store to use Redis again', async () => {
      await store.check('probe', Date.now());
      return store.shared;
    });
    expect((await store.check('c', Date.now())).remaining).toBe(0);
  });

  it('a foreign value under a client key neither crashes nor blocks the request', async () => {
    const settings = prefixFor('rate-foreign');
    const client = new Redis(settings.url);
    cleanup.push(async () => {
      client.disconnect();
    });
    await client.hset(prefixedKey(settings, 'rate-limit', 'subject:mallory'), 'x', '1');
    const store = await storeOn(settings, 3);
    const decision = await store.check('subject:mallory', Date.now());
    expect(decision).toMatchObject({ allowed: true, limit: 3 });
  });
});
