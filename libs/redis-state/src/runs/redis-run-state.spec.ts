import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';
import { ServiceError, type ExecutionResult } from '@skill-service/contracts';
import { RunManager, type RunHandler, type RunRequest } from '@skill-service/runs';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { redisSettings, type RedisSettings } from '../redis-settings.js';
import { eventually } from '../testing/run-queue-contract.js';
import { TcpProxy } from '../testing/tcp-proxy.js';
import { TEST_REDIS_URL, removePrefix, testRedisSettings } from '../testing/test-redis.js';
import { createRedisRunState, type RedisRunStateOptions } from './create-redis-run-state.js';
import { RUN_QUEUE_NAME } from './redis-run-keys.js';

// Generous: Redis round trips, BullMQ's stalled checks and child processes on a loaded machine.
const TEST_TIMEOUT_MS = 90_000;
const WORKER_SCRIPT = fileURLToPath(new URL('../testing/run-worker-process.ts', import.meta.url));

const result = (skillId: string, by: string): ExecutionResult => ({ skill_id: skillId, status: 'completed', outputs: { by }, trace_id: 't' });
const request = (skillId: string): RunRequest => ({ skill_id: skillId, trace_id: 'trace-1', inputs: { text: 'hi' }, execution: { channel: 'http-async' } });

/** Completes at once, saying which manager ran it. */
const completing =
  (by: string): RunHandler =>
  async (job) =>
    result(job.skill_id, by);

/** Runs wait until released (or aborted); what each saw is kept by run id. */
function holding(): { handler: RunHandler; signals: Map<string, AbortSignal>; release: (runId: string) => void } {
  const signals = new Map<string, AbortSignal>();
  const releases = new Map<string, () => void>();
  const handler: RunHandler = (job, signal) =>
    new Promise((resolve, reject) => {
      signals.set(job.run_id, signal);
      releases.set(job.run_id, () => resolve(result(job.skill_id, 'held')));
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  return { handler, signals, release: (runId) => releases.get(runId)?.() };
}

const managers: RunManager[] = [];
const prefixes: RedisSettings[] = [];
const cleanups: (() => Promise<void>)[] = [];

async function manager(settings: RedisSettings, handler: RunHandler, options: Partial<RedisRunStateOptions> & { workers?: number; maxResultBytes?: number } = {}): Promise<RunManager> {
  const { workers = 2, maxResultBytes, ...stateOptions } = options;
  const state = await createRedisRunState(settings, { maxRuns: 100, ...stateOptions });
  const runs = new RunManager({ workers, handler, state, ...(maxResultBytes === undefined ? {} : { maxResultBytes }) });
  managers.push(runs);
  await state.queue.ready();
  return runs;
}

function prefix(label: string): RedisSettings {
  const settings = testRedisSettings(label);
  prefixes.push(settings);
  return settings;
}

afterEach(async () => {
  for (const runs of managers.splice(0)) await runs.close(0);
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const settings of prefixes.splice(0)) await removePrefix(settings);
});

/** Once the run is no longer running; a 503 while Redis comes back is asked again. */
async function settledRecord(runs: RunManager, runId: string): Promise<Awaited<ReturnType<RunManager['get']>>> {
  const unavailable = (error: unknown): undefined => {
    if (error instanceof ServiceError && error.code === 'service_unavailable') return undefined;
    throw error;
  };
  await eventually(`run ${runId} to finish`, async () => ((await runs.get(runId).catch(unavailable))?.status ?? 'running') !== 'running', 60_000);
  return runs.get(runId);
}

describe('runs on Redis', () => {
  it(
    'two managers on one prefix (as two processes) see the same runs, and the cap holds for the deployment',
    async () => {
      const settings = prefix('runs-shared');
      const a = await manager(settings, completing('a'), { maxRuns: 3 });
      const b = await manager(settings, completing('b'), { maxRuns: 3 });
      const launched = [await a.launch(request('s.1')), await b.launch(request('s.2')), await a.launch(request('s.3'))];
      for (const launch of launched) {
        const record = await settledRecord(b, launch.run_id);
        expect(record).toMatchObject({ status: 'completed', error: null, skill_id: launch.skill_id });
        expect(['a', 'b']).toContain(record.result?.outputs['by']);
        expect(await a.get(launch.run_id)).toEqual(record);
      }
      const ids = launched.map((launch) => launch.run_id).reverse();
      expect((await a.list()).map((run) => run.run_id)).toEqual(ids);
      expect((await b.list(2)).map((run) => run.run_id)).toEqual(ids.slice(0, 2));
      // One more anywhere evicts the oldest everywhere.
      const fourth = await b.launch(request('s.4'));
      await expect(a.get(launched[0]!.run_id)).rejects.toMatchObject({ code: 'not_found' });
      expect((await a.list()).map((run) => run.run_id)).toEqual([fourth.run_id, ...ids.slice(0, 2)]);
      expect(await a.stats()).toMatchObject({ stored: 3, capacity: 3, workers: 2, closed: false });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'cancels an evicted running run in the process executing it',
    async () => {
      const settings = prefix('runs-evict');
      const held = holding();
      const a = await manager(settings, held.handler, { maxRuns: 1 });
      const first = await a.launch(request('s.held'));
      await eventually('the run to execute on A', () => held.signals.has(first.run_id));
      const b = await manager(settings, completing('b'), { maxRuns: 1 });
      await b.launch(request('s.next'));
      const signal = held.signals.get(first.run_id)!;
      await eventually('the evicted run to be cancelled on A', () => signal.aborted);
      expect(signal.reason).toMatchObject({ code: 'service_unavailable', message: 'Run cancelled: evicted by newer runs (SERVICE_MAX_RUNS)' });
      await expect(b.get(first.run_id)).rejects.toMatchObject({ code: 'not_found' });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails a run over the result size limit with a clear error, never truncated',
    async () => {
      const settings = prefix('runs-size');
      const big: RunHandler = async (job) => ({ ...result(job.skill_id, 'a'), outputs: { text: 'x'.repeat(5000) } });
      const runs = await manager(settings, big, { maxResultBytes: 4096 });
      const launch = await runs.launch(request('s.big'));
      const record = await settledRecord(runs, launch.run_id);
      expect(record).toMatchObject({ status: 'failed', result: null });
      expect(record.error).toMatch(/over the 4096-byte limit \(SERVICE_MAX_RUN_RESULT_BYTES\)/);
    },
    TEST_TIMEOUT_MS,
  );

  describe('a process killed (SIGKILL) while executing a run', () => {
    async function killedMidRun(settings: RedisSettings): Promise<string> {
      const child = spawn(process.execPath, ['--conditions=@skill-service/source', '--import', 'tsx', WORKER_SCRIPT, settings.url, settings.prefix], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      cleanups.push(async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      });
      const lines = createInterface({ input: child.stdout });
      const [line] = (await once(lines, 'line')) as [string];
      const runId = /^executing (\S+)$/.exec(line)?.[1];
      if (runId === undefined) throw new Error(`unexpected output: ${line}`);
      child.kill('SIGKILL');
      await once(child, 'exit');
      return runId;
    }

    it(
      'with SERVICE_RUN_ATTEMPTS=1: another process fails it, saying its worker died',
      async () => {
        const settings = prefix('runs-killed-1');
        const runId = await killedMidRun(settings);
        let executedAgain = false;
        const b = await manager(settings, async (job) => ((executedAgain = true), result(job.skill_id, 'b')), { attempts: 1, lockDurationMs: 1_000, stalledIntervalMs: 500 });
        const record = await settledRecord(b, runId);
        expect(record).toMatchObject({ status: 'failed', result: null });
        expect(record.error).toBe('Run failed: its worker died before it finished (the process executing it stopped or lost its connection), after 1 attempt');
        expect(executedAgain).toBe(false);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'with SERVICE_RUN_ATTEMPTS=2: another process starts it again from its first step and completes it',
      async () => {
        const settings = prefix('runs-killed-2');
        const runId = await killedMidRun(settings);
        const started: string[] = [];
        const b = await manager(settings, async (job) => (started.push(job.run_id), result(job.skill_id, 'b')), { attempts: 2, lockDurationMs: 1_000, stalledIntervalMs: 500 });
        const record = await settledRecord(b, runId);
        expect(record).toMatchObject({ status: 'completed', error: null, result: { outputs: { by: 'b' } } });
        expect(started).toEqual([runId]);
      },
      TEST_TIMEOUT_MS,
    );
  });

  it(
    'with SERVICE_RUN_ATTEMPTS=1, a job taken but never started (its taker gone, or the answer lost with Redis) still runs',
    async () => {
      const settings = prefix('runs-taken-not-started');
      const state = await createRedisRunState(settings, { maxRuns: 10 });
      const job = { ...request('s.taken'), run_id: 'taken-1' };
      await state.store.create({ run_id: job.run_id, skill_id: job.skill_id, status: 'running', trace_id: job.trace_id, created_at: new Date().toISOString(), finished_at: null, result: null, error: null });
      await state.queue.enqueue(job);
      await state.queue.close(0);
      await state.store.close();
      // What Redis holds when a worker's take (moveToActive) was applied but its answer never
      // arrived: the job active under a lock that nobody renews, and no run started.
      const raw = new Redis(settings.url, { maxRetriesPerRequest: null });
      cleanups.push(async () => void raw.disconnect());
      const taker = new Worker(RUN_QUEUE_NAME, null, { connection: raw, prefix: `${settings.prefix}:bull`, autorun: false, lockDuration: 1_000 });
      cleanups.push(() => taker.close(true));
      expect((await taker.getNextJob('lost-token'))?.id).toBe(job.run_id);
      const started: string[] = [];
      const b = await manager(settings, async (taken) => (started.push(taken.run_id), result(taken.skill_id, 'b')), { attempts: 1, lockDurationMs: 1_000, stalledIntervalMs: 500 });
      expect(await settledRecord(b, job.run_id)).toMatchObject({ status: 'completed', error: null, result: { outputs: { by: 'b' } } });
      expect(started).toEqual([job.run_id]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'at shutdown, an unfinished run goes back to the queue and another process completes it',
    async () => {
      const settings = prefix('runs-drain');
      const held = holding();
      const a = await manager(settings, held.handler);
      const launch = await a.launch(request('s.long'));
      await eventually('the run to execute on A', () => held.signals.has(launch.run_id));
      const b = await manager(settings, completing('b'));
      await a.close(200);
      expect((held.signals.get(launch.run_id)?.reason as Error).name).toBe('RunHandedBack');
      const record = await settledRecord(b, launch.run_id);
      expect(record).toMatchObject({ status: 'completed', error: null, result: { outputs: { by: 'b' } } });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fails a running record whose job is gone (lost with Redis data), saying so',
    async () => {
      const settings = prefix('runs-orphan');
      const state = await createRedisRunState(settings, { maxRuns: 10 });
      await state.store.create({
        run_id: 'orphan-1',
        skill_id: 's.lost',
        status: 'running',
        trace_id: 't',
        created_at: new Date(Date.now() - 120_000).toISOString(),
        finished_at: null,
        result: null,
        error: null,
      });
      await state.queue.close(0);
      await state.store.close();
      const runs = await manager(settings, completing('b'), { orphanGraceMs: 60_000 });
      const record = await settledRecord(runs, 'orphan-1');
      expect(record).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Run failed: its queued job was lost/) });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'answers a foreign or corrupted value under the prefix with a typed error, not a crash',
    async () => {
      const settings = prefix('runs-foreign');
      const runs = await manager(settings, completing('a'));
      const launch = await runs.launch(request('s.ok'));
      await settledRecord(runs, launch.run_id);
      const raw = new Redis(settings.url);
      cleanups.push(async () => void raw.disconnect());
      await raw.set(`${settings.prefix}:runs:record:plain-string`, 'not a run');
      await raw.hset(`${settings.prefix}:runs:record:other-hash`, { format: 'someone-else/9', status: 'running' });
      await raw.hset(`${settings.prefix}:runs:record:${launch.run_id}`, { result: '{not json' });
      for (const runId of ['plain-string', 'other-hash', launch.run_id]) {
        const error = await runs.get(runId).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ServiceError);
        expect(error).toMatchObject({ code: 'internal_error', message: expect.stringMatching(/is not one this service wrote \(a foreign or corrupted value under the prefix/) });
        expect((error as Error).message).not.toMatch(/\bat \S+ \(|\/.*\.ts/);
      }
      await expect(runs.list()).rejects.toMatchObject({ code: 'internal_error' });
      // A job this service did not write: its run fails, naming why, and the worker goes on.
      const state = await createRedisRunState(settings, { maxRuns: 100 });
      cleanups.push(async () => {
        await state.queue.close(0);
        await state.store.close();
      });
      await state.store.create({ run_id: 'foreign-job', skill_id: 's.x', status: 'running', trace_id: 't', created_at: new Date().toISOString(), finished_at: null, result: null, error: null });
      const rawQueue = new Queue(RUN_QUEUE_NAME, { connection: raw, prefix: `${settings.prefix}:bull` });
      cleanups.push(() => rawQueue.close());
      await rawQueue.add('run', { something: 'else' }, { jobId: 'foreign-job' });
      expect(await settledRecord(runs, 'foreign-job')).toMatchObject({
        status: 'failed',
        error: 'Run failed: the run queue gave up on it (its job data is not a run job this service wrote)',
      });
      const after = await runs.launch(request('s.after'));
      expect(await settledRecord(runs, after.run_id)).toMatchObject({ status: 'completed' });
      // The index itself replaced by something else: still typed.
      await raw.set(`${settings.prefix}:runs:index`, 'oops');
      await expect(runs.list()).rejects.toMatchObject({ code: 'internal_error' });
      await expect(runs.launch(request('s.more'))).rejects.toMatchObject({ code: 'internal_error' });
    },
    TEST_TIMEOUT_MS,
  );

  describe('while Redis is unreachable', () => {
    async function proxied(label: string): Promise<{ settings: RedisSettings; proxy: TcpProxy }> {
      const real = new URL(TEST_REDIS_URL);
      const proxy = new TcpProxy(real.hostname, Number(real.port || 6379));
      await proxy.start();
      cleanups.push(() => proxy.stop());
      const direct = prefix(label);
      return { settings: redisSettings(proxy.urlFor(TEST_REDIS_URL), direct.prefix), proxy };
    }

    it(
      'a launch answers 503 at once and leaves nothing behind; launches work again once Redis is back',
      async () => {
        const { settings, proxy } = await proxied('runs-down');
        const runs = await manager(settings, completing('a'));
        await proxy.stop();
        const started = Date.now();
        const error = await runs.launch(request('s.refused')).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ServiceError);
        expect(error).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/^Redis is unavailable/) });
        expect(Date.now() - started).toBeLessThan(30_000);
        await expect(runs.get('anything')).rejects.toMatchObject({ code: 'service_unavailable' });
        expect(await runs.stats()).toMatchObject({ stored: null, error: expect.stringMatching(/^Redis is unavailable/) });
        await proxy.start();
        let launch: Awaited<ReturnType<RunManager['launch']>> | undefined;
        await eventually('a launch to be accepted again', async () => {
          launch = await runs.launch(request('s.back')).catch(() => undefined);
          return launch !== undefined;
        });
        expect(await settledRecord(runs, launch!.run_id)).toMatchObject({ status: 'completed' });
        expect((await runs.list()).map((run) => run.skill_id)).toEqual(['s.back']);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'runs accepted before Redis stopped finish once it is back: none stays running',
      async () => {
        const { settings, proxy } = await proxied('runs-outage');
        const held = holding();
        const runs = await manager(settings, held.handler, { workers: 1 });
        const executing = await runs.launch(request('s.executing'));
        const waiting = await runs.launch(request('s.waiting'));
        await eventually('the first run to execute', () => held.signals.has(executing.run_id));
        await proxy.stop();
        // It ends while Redis is away: its outcome waits for the store.
        held.release(executing.run_id);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await proxy.start();
        expect(await settledRecord(runs, executing.run_id)).toMatchObject({ status: 'completed', result: { outputs: { by: 'held' } } });
        await eventually('the waiting run to execute', () => held.signals.has(waiting.run_id), 60_000);
        held.release(waiting.run_id);
        expect(await settledRecord(runs, waiting.run_id)).toMatchObject({ status: 'completed' });
      },
      TEST_TIMEOUT_MS,
    );
  });
});
