import { InMemorySubscriptionStore, inMemoryWebhookState } from '@skill-service/webhooks';
import { deliveryContract } from '../testing/delivery-contract.js';
import { subscriptionStoreContract } from '../testing/subscription-store-contract.js';

// The in-memory adapters (the embedded default) against the same contracts as the Redis ones.

subscriptionStoreContract('in memory', async () => ({ store: new InMemorySubscriptionStore(), close: async () => undefined }));

deliveryContract('in memory', async (options) => ({
  ...inMemoryWebhookState({ retryDelaysMs: options.retryDelaysMs, ...(options.maxDeadLetters === undefined ? {} : { maxDeadLetters: options.maxDeadLetters }) }),
  close: async () => undefined,
}));
