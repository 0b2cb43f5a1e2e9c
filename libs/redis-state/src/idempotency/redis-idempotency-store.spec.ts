import { afterAll, describe, expect, it } from '@jest/globals';
import { IdempotencyGuard } from '@skill-service/idempotency';
import { requestClient } from '../redis-connection.js';
import { removePrefix, testRedisSettings } from '../testing/test-redis.js';
import { RedisIdempotencyStore } from './redis-idempotency-store.js';

const settings = testRedisSettings('idempotency');
const a = requestClient(settings);
const b = requestClient(settings);

afterAll(async () => {
  a.disconnect();
  b.disconnect();
  await removePrefix(settings);
});

describe('idempotency keys on Redis', () => {
  it('answers a retry on another process with the answer the first process stored', async () => {
    await Promise.all([a.connect(), b.connect()]);
    const onA = new IdempotencyGuard(new RedisIdempotencyStore(a, settings));
    const onB = new IdempotencyGuard(new RedisIdempotencyStore(b, settings));
    const request = { key: 'launch-7', subject: 'ci', operation: 'POST /v1/skills/x/execute/async', body: { inputs: {} } };
    const first = await onA.begin(request);
    if (first.kind !== 'proceed') throw new Error('the first request must run');
    const waiting = onB.begin(request, { waitMs: 10_000 });
    await first.finish({ status: 202, body: { run_id: 'r-7' } });
    expect(await waiting).toEqual({ kind: 'replay', response: { status: 202, body: { run_id: 'r-7' } } });
    await expect(onB.begin({ ...request, body: { inputs: { other: 1 } } })).rejects.toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('answers a foreign value under its key with a typed error', async () => {
    const store = new RedisIdempotencyStore(a, settings);
    await a.set(`${settings.prefix}:idempotency:foreign`, 'not json');
    await expect(store.read('foreign')).rejects.toMatchObject({ code: 'internal_error', message: expect.stringContaining('not one this service wrote') });
    await a.del(`${settings.prefix}:idempotency:foreign`);
    await a.hset(`${settings.prefix}:idempotency:foreign`, 'x', '1');
    await expect(store.claim('foreign', 'f', 1000)).rejects.toMatchObject({ code: 'internal_error' });
  });
});
