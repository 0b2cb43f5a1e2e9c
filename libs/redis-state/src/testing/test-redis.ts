import { randomUUID } from 'node:crypto';
import { deleteDeploymentKeys } from '../deployment-keys.js';
import { redisSettings, type RedisSettings } from '../redis-settings.js';

/** The Redis the tests use: SERVICE_REDIS_URL when set, else the machine's own. */
export const TEST_REDIS_URL = process.env['SERVICE_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** Settings on a prefix no other suite uses. */
export function testRedisSettings(label: string): RedisSettings {
  return redisSettings(TEST_REDIS_URL, `test-${label}-${randomUUID().slice(0, 8)}`);
}

/** Deletes every key under the prefix (and nothing else). */
export async function removePrefix(settings: RedisSettings): Promise<void> {
  await deleteDeploymentKeys(settings);
}
