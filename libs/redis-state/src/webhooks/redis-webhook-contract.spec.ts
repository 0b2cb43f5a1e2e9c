import { jest } from '@jest/globals';
import { requestClient } from '../redis-connection.js';
import { deliveryContract } from '../testing/delivery-contract.js';
import { subscriptionStoreContract } from '../testing/subscription-store-contract.js';
import { removePrefix, testRedisSettings } from '../testing/test-redis.js';
import { RedisSubscriptionStore } from './redis-subscription-store.js';
import { createRedisWebhookState } from './redis-webhook-state.js';

// The Redis adapters against the contracts the in-memory ones pass; each test on its own prefix, removed after.

jest.setTimeout(60_000);

subscriptionStoreContract('Redis', async () => {
  const settings = testRedisSettings('subscriptions');
  const client = requestClient(settings);
  await client.connect();
  return {
    store: new RedisSubscriptionStore(client, settings),
    close: async () => {
      client.disconnect();
      await removePrefix(settings);
    },
  };
});

deliveryContract('Redis', async (options) => {
  const settings = testRedisSettings('deliveries');
  const state = await createRedisWebhookState(settings, {
    retryDelaysMs: options.retryDelaysMs,
    ...(options.maxDeadLetters === undefined ? {} : { maxDeadLetters: options.maxDeadLetters }),
  });
  return {
    ...state,
    close: async () => {
      await state.close();
      await removePrefix(settings);
    },
  };
});
