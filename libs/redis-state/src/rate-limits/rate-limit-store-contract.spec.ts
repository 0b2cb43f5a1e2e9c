import { jest } from '@jest/globals';
import { SlidingWindowRateLimiter } from '@skill-service/auth';
import { rateLimitStoreContract } from '../testing/rate-limit-store-contract.js';
import { removePrefix, testRedisSettings } from '../testing/test-redis.js';
import { createRedisRateLimitStore } from './redis-rate-limit-store.js';

// The in-memory limiter (the embedded default) and the Redis store against one contract.

jest.setTimeout(30_000);

rateLimitStoreContract('in memory', async (policy) => ({ store: new SlidingWindowRateLimiter(policy), close: async () => undefined }));

rateLimitStoreContract('Redis', async (policy) => {
  const settings = testRedisSettings('rate-contract');
  const store = await createRedisRateLimitStore(settings, policy);
  return {
    store,
    close: async () => {
      await store.close();
      await removePrefix(settings);
    },
  };
});
