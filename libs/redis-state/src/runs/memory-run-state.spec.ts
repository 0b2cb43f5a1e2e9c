import { MemoryRunEventLog, MemoryRunQueue, MemoryRunStore } from '@skill-service/runs';
import { describeRunEventLogContract } from '../testing/run-event-log-contract.js';
import { describeRunQueueContract } from '../testing/run-queue-contract.js';
import { describeRunStoreContract } from '../testing/run-store-contract.js';

// The in-memory adapters of @skill-service/runs against the same contracts as the Redis ones.
describeRunStoreContract('in memory', async (capacity) => ({ store: new MemoryRunStore(capacity), dispose: async () => undefined }));
describeRunQueueContract('in memory', async () => ({ queue: new MemoryRunQueue(), dispose: async () => undefined }), { pastDrain: 'cancelled' });

describeRunEventLogContract('in memory', async (maxEventsPerRun) => {
  const log = new MemoryRunEventLog(100, maxEventsPerRun);
  return { log, start: (runId) => log.open(runId), evict: (runId) => log.drop(runId), dispose: () => log.close() };
});
