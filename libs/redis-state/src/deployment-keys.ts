import { Redis } from 'ioredis';
import type { RedisSettings } from './redis-settings.js';

/**
 * Deletes every key of one deployment (those under its prefix) and nothing else: SCAN in batches, so
 * a large deployment never blocks Redis with one KEYS call. For tearing down a deployment or a test's
 * own prefix; the server never calls it.
 */
export async function deleteDeploymentKeys(settings: RedisSettings): Promise<number> {
  const client = new Redis(settings.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  let deleted = 0;
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${settings.prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
  return deleted;
}
