/*
 * A process executing runs on a Redis run state, for specs that kill it mid-run:
 * `node --conditions=@skill-service/source --import tsx run-worker-process.ts <url> <prefix>`.
 * It launches one run whose handler never ends on its own, prints `executing <run_id>` once the
 * handler has started, and waits to be killed.
 */
import { RunManager } from '@skill-service/runs';
import { redisSettings } from '../redis-settings.js';
import { createRedisRunState } from '../runs/create-redis-run-state.js';

const [url, prefix] = process.argv.slice(2);
if (url === undefined || prefix === undefined) throw new Error('usage: run-worker-process.ts <redis-url> <prefix>');
const state = await createRedisRunState(redisSettings(url, prefix), { maxRuns: 100, lockDurationMs: 1_000, stalledIntervalMs: 500 });
const runs = new RunManager({
  workers: 1,
  state,
  handler: (job, signal) =>
    new Promise((_resolve, reject) => {
      process.stdout.write(`executing ${job.run_id}\n`);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
});
await runs.launch({ skill_id: 'test.forever', trace_id: 'trace-killed', inputs: {}, execution: { channel: 'http-async' } });
