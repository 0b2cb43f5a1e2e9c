import { describe, expect, it } from '@jest/globals';
import { ServiceError, type ExecutionResult, type StreamEvent } from '@skill-service/contracts';
import { MemoryRunEventLog } from './memory-run-event-log.js';
import { MemoryRunQueue } from './memory-run-queue.js';
import { MemoryRunStore } from './memory-run-store.js';
import type { NewRunEvent, RunEvent } from './run-event-log-port.js';
import { RunEvents } from './run-events.js';
import type { RunHandler, RunRequest } from './run-job.js';
import { RunManager } from './run-manager.js';

const request = (skillId: string): RunRequest => ({ skill_id: skillId, trace_id: 't', inputs: {}, execution: { channel: 'http-async' } });
const result = (skillId: string): ExecutionResult => ({ skill_id: skillId, status: 'completed', outputs: { ok: true }, trace_id: 't' });
const event = (type: string): StreamEvent => ({ type, skill_id: 's', trace_id: 't', ts: '2025-01-01T00:00:00.000Z' }) as unknown as StreamEvent;

async function all(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const seen: RunEvent[] = [];
  for await (const found of events) seen.push(found);
  return seen;
}

/** Emits two events, then waits for `release` (or its signal) when the skill id starts with `held:`. */
function emitting(): { handler: RunHandler; release: () => void } {
  let release: () => void = () => undefined;
  const handler: RunHandler = async (job, signal, onEvent) => {
    onEvent?.(event('skill_start'));
    onEvent?.(event('step_start'));
    if (job.skill_id.startsWith('fail:')) throw new ServiceError('upstream_failure', "Step 'call' failed");
    if (job.skill_id.startsWith('held:')) {
      await new Promise<void>((resolve, reject) => {
        release = resolve;
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    }
    onEvent?.(event('skill_end'));
    return result(job.skill_id);
  };
  return { handler, release: () => release() };
}

describe('RunManager run events', () => {
  it('records an async run’s events in order, then one done carrying its result', async () => {
    const manager = new RunManager({ workers: 1, handler: emitting().handler });
    const { run_id: runId } = await manager.launch(request('s'));
    const events = await all(await manager.followEvents(runId, 0));
    expect(events.map((found) => [found.id, found.type])).toEqual([
      [1, 'skill_start'],
      [2, 'step_start'],
      [3, 'skill_end'],
      [4, 'done'],
    ]);
    expect(events[3]?.data).toEqual(result('s'));
    expect((await manager.get(runId)).status).toBe('completed');
    await manager.close();
  });

  it('a failed run’s done is the error answer, and its record says the same failure', async () => {
    const manager = new RunManager({ workers: 1, handler: emitting().handler });
    const { run_id: runId } = await manager.launch(request('fail:s'));
    const events = await all(await manager.followEvents(runId, 0));
    expect(events.at(-1)).toMatchObject({ type: 'done', data: { error: { code: 'upstream_failure', message: "Step 'call' failed" }, trace_id: 't' } });
    expect(await manager.get(runId)).toMatchObject({ status: 'failed', error: "Step 'call' failed" });
    await manager.close();
  });

  it('a run that was failed by someone else first gets a done from its stored record, never its own result', async () => {
    const store = new MemoryRunStore(10);
    const held = emitting();
    const manager = new RunManager({ workers: 1, handler: held.handler, state: { store, queue: new MemoryRunQueue() } });
    const { run_id: runId } = await manager.launch(request('held:s'));
    const following = manager.followEvents(runId, 0).then(all);
    while ((await all(await manager.followEvents(runId, 0, AbortSignal.abort()))).length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    // Another party (a cancel) records the outcome first: the first outcome wins.
    await store.finish(runId, { status: 'failed', error: 'Run cancelled', finished_at: new Date().toISOString() });
    held.release();
    const events = await following;
    expect(events.filter((found) => found.type === 'done')).toHaveLength(1);
    expect(events.at(-1)?.data).toMatchObject({ error: { message: 'Run cancelled' } });
    await manager.close();
  });

  it('a run whose own finish stored its outcome appends its done without reading its record again', async () => {
    const store = new MemoryRunStore(10);
    const events = new MemoryRunEventLog(10);
    let finished = false;
    const finish = store.finish.bind(store);
    store.finish = async (runId, outcome) => {
      const stored = await finish(runId, outcome);
      finished = true;
      return stored;
    };
    // Past the finish, the record cannot be read: a done that needed it would be missing.
    const get = store.get.bind(store);
    store.get = async (runId) => {
      if (finished) throw new ServiceError('internal_error', 'unreadable record');
      return get(runId);
    };
    const manager = new RunManager({ workers: 1, handler: emitting().handler, state: { store, queue: new MemoryRunQueue(), events } });
    const { run_id: runId } = await manager.launch(request('s'));
    const until = Date.now() + 3000;
    while ((await events.read(runId, 0)).at(-1)?.type !== 'done' && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
    const recorded = await events.read(runId, 0);
    expect(recorded.map((found) => [found.id, found.type])).toEqual([
      [1, 'skill_start'],
      [2, 'step_start'],
      [3, 'skill_end'],
      [4, 'done'],
    ]);
    expect(recorded[3]?.data).toEqual(result('s'));
    await manager.close();
  });

  it('an evicted run’s log goes with it', async () => {
    const events = new MemoryRunEventLog(10);
    const manager = new RunManager({ workers: 1, handler: emitting().handler, state: { store: new MemoryRunStore(1), queue: new MemoryRunQueue(), events } });
    const first = await manager.launch(request('s'));
    await all(await manager.followEvents(first.run_id, 0));
    expect(await events.read(first.run_id, 0)).toHaveLength(4);
    await manager.launch(request('s'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await events.read(first.run_id, 0)).toEqual([]);
    await expect(manager.followEvents(first.run_id, 0)).rejects.toMatchObject({ code: 'not_found' });
    await manager.close();
  });

  it('refuses an id that is not a non-negative integer, and one beyond a finished run’s last event', async () => {
    const manager = new RunManager({ workers: 1, handler: emitting().handler });
    const { run_id: runId } = await manager.launch(request('s'));
    await all(await manager.followEvents(runId, 0));
    expect(() => manager.followEvents(runId, -1)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    expect(() => manager.followEvents(runId, 1.5)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    await expect(manager.followEvents(runId, 5)).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await all(await manager.followEvents(runId, 4))).toEqual([]);
    expect((await all(await manager.followEvents(runId, 2))).map((found) => found.id)).toEqual([3, 4]);
    await manager.close();
  });

  it('a run the queue gives up on without executing it still ends its log with a done', async () => {
    const held = emitting();
    const manager = new RunManager({ workers: 1, handler: held.handler });
    await manager.launch(request('held:first'));
    const { run_id: waiting } = await manager.launch(request('s'));
    const following = manager.followEvents(waiting, 0).then(all);
    await manager.close(0);
    const events = await following;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: 1, type: 'done', data: { error: { message: expect.stringContaining('shut down') } } });
    expect(await manager.get(waiting)).toMatchObject({ status: 'failed' });
  });
  it('appends again while the log is unreachable, so no event is skipped and the ids stay the stream’s', async () => {
    const log = new MemoryRunEventLog(10);
    let failures = 2;
    const flaky: typeof log = Object.create(log) as typeof log;
    flaky.appendMany = async (runId, batch) => {
      if (batch.some((found) => found.type === 'step_start') && failures > 0) {
        failures -= 1;
        throw new ServiceError('service_unavailable', 'the log is away');
      }
      return log.appendMany(runId, batch);
    };
    const manager = new RunManager({ workers: 1, handler: emitting().handler, state: { store: new MemoryRunStore(10), queue: new MemoryRunQueue(), events: flaky } });
    const { run_id: runId } = await manager.launch(request('s'));
    const events = await all(await manager.followEvents(runId, 0));
    expect(failures).toBe(0);
    expect(events.map((found) => [found.id, found.type])).toEqual([
      [1, 'skill_start'],
      [2, 'step_start'],
      [3, 'skill_end'],
      [4, 'done'],
    ]);
    await manager.close();
  });
});

/** An in-memory log whose batches are seen (and, while `hold` is set, kept in flight until released). */
function watchedLog(): { log: MemoryRunEventLog; batches: string[][]; hold: (held: boolean) => void; release: () => void; inFlight: () => number } {
  const log = new MemoryRunEventLog(10);
  const batches: string[][] = [];
  let holding = false;
  let waiting: (() => void)[] = [];
  let inFlight = 0;
  const appendMany = log.appendMany.bind(log);
  log.appendMany = async (runId: string, events: readonly NewRunEvent[]) => {
    batches.push(events.map((found) => found.type));
    inFlight += 1;
    try {
      if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
      return await appendMany(runId, events);
    } finally {
      inFlight -= 1;
    }
  };
  return {
    log,
    batches,
    hold: (held) => {
      holding = held;
    },
    release: () => {
      for (const resolve of waiting) resolve();
      waiting = [];
    },
    inFlight: () => inFlight,
  };
}

async function startedRun(log: MemoryRunEventLog): Promise<RunEvents> {
  const store = new MemoryRunStore(10);
  await store.create({ run_id: 'r', skill_id: 's', status: 'running', trace_id: 't', created_at: new Date().toISOString(), finished_at: null, result: null, error: null });
  await log.open('r');
  return new RunEvents(log, store);
}

/** Waits (a bounded time) until `ready` holds. */
async function until(ready: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!(await ready()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
}

const recorded = async (log: MemoryRunEventLog): Promise<[number, string][]> => (await log.read('r', 0)).map((found) => [found.id, found.type]);

describe('RunEvents recorder', () => {
  it('appends the events of one turn in one call, numbered in the order they were recorded', async () => {
    const watched = watchedLog();
    const recorder = (await startedRun(watched.log)).recorder('r');
    for (const type of ['skill_start', 'step_start', 'step_completed', 'skill_completed']) recorder.record(event(type));
    await until(async () => (await recorded(watched.log)).length === 4);
    expect(watched.batches).toEqual([['skill_start', 'step_start', 'step_completed', 'skill_completed']]);
    expect(await recorded(watched.log)).toEqual([
      [1, 'skill_start'],
      [2, 'step_start'],
      [3, 'step_completed'],
      [4, 'skill_completed'],
    ]);
  });

  it('queues the events that come while an append is in flight and sends them together next, in order', async () => {
    const watched = watchedLog();
    const recorder = (await startedRun(watched.log)).recorder('r');
    watched.hold(true);
    recorder.record(event('skill_start'));
    await until(() => watched.inFlight() > 0);
    recorder.record(event('step_start'));
    await new Promise((resolve) => setImmediate(resolve));
    recorder.record(event('step_completed'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Still one call in flight, the two later events waiting for it.
    expect(watched.batches).toEqual([['skill_start']]);
    watched.hold(false);
    watched.release();
    await until(async () => (await recorded(watched.log)).length === 3);
    expect(watched.batches).toEqual([['skill_start'], ['step_start', 'step_completed']]);
    expect(await recorded(watched.log)).toEqual([
      [1, 'skill_start'],
      [2, 'step_start'],
      [3, 'step_completed'],
    ]);
    // A later event starts a call of its own.
    recorder.record(event('skill_completed'));
    await until(async () => (await recorded(watched.log)).length === 4);
    expect(watched.batches.at(-1)).toEqual(['skill_completed']);
  });

  it('once the execution is over, the events not sent yet go in one call with the done, after the one in flight', async () => {
    const watched = watchedLog();
    const recorder = (await startedRun(watched.log)).recorder('r');
    watched.hold(true);
    recorder.record(event('skill_start'));
    await until(() => watched.inFlight() > 0);
    recorder.record(event('step_start'));
    recorder.hold();
    recorder.record(event('skill_completed'));
    const ending = recorder.end({ type: 'done', data: { ok: true } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(watched.batches).toEqual([['skill_start']]);
    watched.hold(false);
    watched.release();
    await ending;
    expect(watched.batches).toEqual([['skill_start'], ['step_start', 'skill_completed', 'done']]);
    expect(await recorded(watched.log)).toEqual([
      [1, 'skill_start'],
      [2, 'step_start'],
      [3, 'skill_completed'],
      [4, 'done'],
    ]);
  });

  it('an execution over within one turn appends all its events and its done in one call', async () => {
    const watched = watchedLog();
    const recorder = (await startedRun(watched.log)).recorder('r');
    recorder.record(event('skill_start'));
    recorder.record(event('skill_completed'));
    recorder.hold();
    await recorder.end({ type: 'done', data: {} });
    expect(watched.batches).toEqual([['skill_start', 'skill_completed', 'done']]);
  });

  it('an end without a done still appends the events left', async () => {
    const watched = watchedLog();
    const recorder = (await startedRun(watched.log)).recorder('r');
    recorder.record(event('skill_start'));
    recorder.hold();
    recorder.record(event('skill_completed'));
    await recorder.end();
    expect(watched.batches).toEqual([['skill_start', 'skill_completed']]);
    expect(await recorded(watched.log)).toEqual([
      [1, 'skill_start'],
      [2, 'skill_completed'],
    ]);
  });

  it('skips a batch the log refuses and still records the later ones', async () => {
    const watched = watchedLog();
    const appendMany = watched.log.appendMany.bind(watched.log);
    let refused = false;
    watched.log.appendMany = async (runId, events) => {
      if (!refused) {
        refused = true;
        throw new ServiceError('internal_error', 'a value the log cannot take');
      }
      return appendMany(runId, events);
    };
    const recorder = (await startedRun(watched.log)).recorder('r');
    recorder.record(event('skill_start'));
    await until(() => refused);
    await new Promise((resolve) => setImmediate(resolve));
    recorder.record(event('step_start'));
    await until(async () => (await recorded(watched.log)).length === 1);
    expect(await recorded(watched.log)).toEqual([[1, 'step_start']]);
  });
});
