import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { deleteDeploymentKeys } from './deployment-keys.js';
import { testRedisSettings } from './testing/test-redis.js';

const mine = testRedisSettings('keys');
const neighbour = testRedisSettings('keys-neighbour');
const client = new Redis(mine.url);

afterAll(async () => {
  await deleteDeploymentKeys(neighbour);
  client.disconnect();
});

describe('deleteDeploymentKeys', () => {
  it("deletes every key under the prefix and none of another deployment's", async () => {
    for (let i = 0; i < 2500; i += 1) await client.set(`${mine.prefix}:k:${i}`, 'x');
    await client.set(`${neighbour.prefix}:k:1`, 'kept');
    // A key that merely starts with the same characters belongs to another deployment.
    await client.set(`${mine.prefix}x:k:1`, 'kept');
    expect(await deleteDeploymentKeys(mine)).toBe(2500);
    expect(await client.keys(`${mine.prefix}:*`)).toEqual([]);
    expect(await client.get(`${neighbour.prefix}:k:1`)).toBe('kept');
    expect(await client.get(`${mine.prefix}x:k:1`)).toBe('kept');
    await client.del(`${mine.prefix}x:k:1`);
  });
});
