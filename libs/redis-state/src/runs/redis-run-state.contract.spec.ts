import { afterAll } from '@jest/globals';
import { describeRunQueueContract } from '../testing/run-queue-contract.js';
import { describeRunStoreContract } from '../testing/run-store-contract.js';
import { removePrefix, testRedisSettings } from '../testing/test-redis.js';
import { createRedisRunState } from './create-redis-run-state.js';

const prefixes: ReturnType<typeof testRedisSettings>[] = [];

afterAll(async () => {
  for (const settings of prefixes) await removePrefix(settings);
});

describeRunStoreContract('Redis', async (capacity) => {
  const settings = testRedisSettings('run-store');
  prefixes.push(settings);
  const state = await createRedisRunState(settings, { maxRuns: capacity });
  return {
    store: state.store,
    dispose: async () => {
      await state.queue.close(0);
      await state.store.close();
    },
  };
});

describeRunQueueContract(
  'Redis',
  async () => {
    const settings = testRedisSettings('run-queue');
    prefixes.push(settings);
    const state = await createRedisRunState(settings, { maxRuns: 100 });
    return { queue: state.queue, dispose: () => state.store.close() };
  },
  { pastDrain: 'handed back' },
);
