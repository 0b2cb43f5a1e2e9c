import { MemoryRunQueue, MemoryRunStore } from '@skill-service/runs';
import { describeRunQueueContract } from '../testing/run-queue-contract.js';
import { describeRunStoreContract } from '../testing/run-store-contract.js';

// The in-memory adapters of @skill-service/runs against the same contracts as the Redis ones.
describeRunStoreContract('in memory', async (capacity) => ({ store: new MemoryRunStore(capacity), dispose: async () => undefined }));
describeRunQueueContract('in memory', async () => ({ queue: new MemoryRunQueue(), dispose: async () => undefined }), { pastDrain: 'cancelled' });
