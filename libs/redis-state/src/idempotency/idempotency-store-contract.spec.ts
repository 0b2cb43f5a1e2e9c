import { jest } from '@jest/globals';
import { MemoryIdempotencyStore } from '@skill-service/idempotency';
import { requestClient } from '../redis-connection.js';
import { idempotencyStoreContract } from '../testing/idempotency-store-contract.js';
import { removePrefix, testRedisSettings } from '../testing/test-redis.js';
import { RedisIdempotencyStore } from './redis-idempotency-store.js';

// The in-memory store (the embedded default) and the Redis store against one contract.

jest.setTimeout(30_000);

idempotencyStoreContract('in memory', async () => ({ store: new MemoryIdempotencyStore(), close: async () => undefined }));

idempotencyStoreContract('Redis', async () => {
  const settings = testRedisSettings('idempotency-contract');
  const client = requestClient(settings);
  await client.connect();
  return {
    store: new RedisIdempotencyStore(client, settings),
    close: async () => {
      client.disconnect();
      await removePrefix(settings);
    },
  };
});
