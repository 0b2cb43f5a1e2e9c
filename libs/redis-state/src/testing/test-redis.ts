import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { redisSettings, type RedisSettings } from '../redis-settings.js';

/** The Redis the tests use: SERVICE_REDIS_URL when set, else the machine's own. */
export const TEST_REDIS_URL = process.env['SERVICE_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** Settings on a prefix no other suite uses. */
export function testRedisSettings(label: string): RedisSettings {
  return redisSettings(TEST_REDIS_URL, `test-${label}-${randomUUID().slice(0, 8)}`);
}

/** Deletes every key under the prefix (and nothing else), then disconnects. */
export async function removePrefix(settings: RedisSettings): Promise<void> {
  const client = new Redis(settings.url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${settings.prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
