// What the Redis event log does beyond the shared contract: a run evicted by a newer one loses its
// stream in the same atomic step, and the stream's keys live under the deployment's prefix.
import { afterAll, expect, it } from '@jest/globals';
import type { RunRecord } from '@skill-service/contracts';
import { Redis } from 'ioredis';
import { removePrefix, testRedisSettings } from '../testing/test-redis.js';
import { createRedisRunState } from './create-redis-run-state.js';

const settings = testRedisSettings('run-event-log');

afterAll(async () => {
  await removePrefix(settings);
});

const record = (runId: string): RunRecord => ({
  run_id: runId,
  skill_id: 's',
  status: 'running',
  trace_id: 't',
  created_at: new Date().toISOString(),
  finished_at: null,
  result: null,
  error: null,
});

it('deletes an evicted run’s stream with its record, whoever evicts it', async () => {
  const state = await createRedisRunState(settings, { maxRuns: 1 });
  const raw = new Redis(settings.url);
  try {
    await state.store.create(record('old'));
    expect(await state.events.append('old', 'skill_start', {})).toBe(1);
    const key = `${settings.prefix}:runs:events:old`;
    expect(await raw.xlen(key)).toBe(1);
    // Only the store evicts here (no run manager to drop the log): the script takes the stream too.
    const evicted = await state.store.create(record('new'));
    expect(evicted.map((run) => run.run_id)).toEqual(['old']);
    expect(await raw.exists(key)).toBe(0);
    expect(await state.events.read('old', 0)).toEqual([]);
    expect(await state.events.append('old', 'done', {})).toBeUndefined();
    expect(await raw.exists(key)).toBe(0);
  } finally {
    raw.disconnect();
    await state.queue.close(0);
    await state.store.close();
    await state.events.close();
  }
});
