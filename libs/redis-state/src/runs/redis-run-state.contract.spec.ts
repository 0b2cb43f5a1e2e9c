import { afterAll } from '@jest/globals';
import type { RunRecord } from '@skill-service/contracts';
import { describeRunEventLogContract } from '../testing/run-event-log-contract.js';
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

describeRunEventLogContract('Redis', async (maxEventsPerRun) => {
  const settings = testRedisSettings('run-events');
  prefixes.push(settings);
  const state = await createRedisRunState(settings, { maxRuns: 100, maxEventsPerRun });
  const record = (runId: string): RunRecord => ({
    run_id: runId,
    skill_id: 'text.shout',
    status: 'running',
    trace_id: `trace-${runId}`,
    created_at: new Date().toISOString(),
    finished_at: null,
    result: null,
    error: null,
  });
  return {
    log: state.events,
    start: async (runId) => {
      await state.store.create(record(runId));
      await state.events.open(runId);
    },
    // As the run manager does when a newer run evicts one: the record goes, then its stream.
    evict: async (runId) => {
      await state.store.remove(runId);
      await state.events.drop(runId);
    },
    dispose: async () => {
      await state.queue.close(0);
      await state.store.close();
      await state.events.close();
    },
  };
});
