// A run executing outside the queue (a stream recorded as a run) holds a lease: the queue's
// lost-run checks leave it running while held, and fail it once released without an outcome.
import { afterAll, expect, it, jest } from '@jest/globals';
import { RunManager } from '@skill-service/runs';
import { removePrefix, testRedisSettings } from '../testing/test-redis.js';
import { createRedisRunState } from './create-redis-run-state.js';

jest.setTimeout(60_000);

const settings = testRedisSettings('run-hold');

afterAll(async () => {
  await removePrefix(settings);
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

it('keeps a held run out of the lost-run checks, and fails it as lost once the hold lapses', async () => {
  const state = await createRedisRunState(settings, { maxRuns: 10, reconcileIntervalMs: 100, orphanGraceMs: 0 });
  const manager = new RunManager({ workers: 1, state, handler: async () => ({ skill_id: 's', status: 'completed', outputs: {}, trace_id: 't' }) });
  try {
    let release: () => Promise<void> = async () => undefined;
    const held = await state.queue.hold('held-run', new AbortController());
    release = held;
    await state.store.create({
      run_id: 'held-run',
      skill_id: 's',
      status: 'running',
      trace_id: 't',
      created_at: new Date(0).toISOString(),
      finished_at: null,
      result: null,
      error: null,
    });
    // Many reconciliation passes later it is still running.
    await sleep(1500);
    expect((await manager.get('held-run')).status).toBe('running');
    await release();
    const until = Date.now() + 30_000;
    while ((await manager.get('held-run')).status === 'running' && Date.now() < until) await sleep(100);
    expect(await manager.get('held-run')).toMatchObject({ status: 'failed', error: expect.stringContaining('lost') });
  } finally {
    await manager.close(0);
  }
});

it('a tracked execution is held while it runs and records its events, outcome and one done', async () => {
  const own = testRedisSettings('run-track');
  const state = await createRedisRunState(own, { maxRuns: 10, reconcileIntervalMs: 100, orphanGraceMs: 0 });
  const manager = new RunManager({ workers: 1, state, handler: async () => ({ skill_id: 's', status: 'completed', outputs: {}, trace_id: 't' }) });
  try {
    const tracked = await manager.track({ skill_id: 's', trace_id: 't' });
    tracked.record({ type: 'skill_start', skill_id: 's', trace_id: 't', ts: new Date().toISOString() } as never);
    let finish!: (value: { skill_id: string; status: 'completed'; outputs: Record<string, unknown>; trace_id: string }) => void;
    const result = new Promise<{ skill_id: string; status: 'completed'; outputs: Record<string, unknown>; trace_id: string }>((resolve) => (finish = resolve));
    const settling = tracked.settle(result, () => ({ error: 'unused' }));
    await sleep(1500);
    expect((await manager.get(tracked.run_id)).status).toBe('running');
    finish({ skill_id: 's', status: 'completed', outputs: { ok: true }, trace_id: 't' });
    await settling;
    expect(await manager.get(tracked.run_id)).toMatchObject({ status: 'completed', result: { outputs: { ok: true } } });
    const events = [];
    for await (const event of await manager.followEvents(tracked.run_id, 0)) events.push(event);
    expect(events.map((event) => [event.id, event.type])).toEqual([
      [1, 'skill_start'],
      [2, 'done'],
    ]);
    expect(events[1]?.data).toEqual({ skill_id: 's', status: 'completed', outputs: { ok: true }, trace_id: 't' });
  } finally {
    await manager.close(0);
    await removePrefix(own);
  }
});

it("a cancel from another process aborts a tracked execution's signal, and the run stays cancelled", async () => {
  const own = testRedisSettings('run-track-cancel');
  const handler = async () => ({ skill_id: 's', status: 'completed' as const, outputs: {}, trace_id: 't' });
  const executing = new RunManager({ workers: 1, state: await createRedisRunState(own, { maxRuns: 10 }), handler });
  const other = new RunManager({ workers: 1, state: await createRedisRunState(own, { maxRuns: 10 }), handler });
  try {
    const tracked = await executing.track({ skill_id: 's', trace_id: 't' });
    // The execution ends only when its signal aborts, as the engine's does.
    const result = new Promise<never>((_resolve, reject) => tracked.signal.addEventListener('abort', () => reject(tracked.signal.reason as Error), { once: true }));
    const settling = tracked.settle(result, (error) => ({ error: (error as Error).message }));
    expect(tracked.signal.aborted).toBe(false);

    expect(await other.cancel(tracked.run_id)).toMatchObject({ status: 'failed', error: 'Run cancelled' });
    const until = Date.now() + 10_000;
    while (!tracked.signal.aborted && Date.now() < until) await sleep(20);
    expect(tracked.signal.aborted).toBe(true);
    expect(tracked.signal.reason).toMatchObject({ code: 'service_unavailable', message: 'Run cancelled' });
    await settling;
    expect(await executing.get(tracked.run_id)).toMatchObject({ status: 'failed', error: 'Run cancelled' });
  } finally {
    await executing.close(0);
    await other.close(0);
    await removePrefix(own);
  }
});
