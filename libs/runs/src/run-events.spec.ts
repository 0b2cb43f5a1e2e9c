import { describe, expect, it } from '@jest/globals';
import { ServiceError, type ExecutionResult, type StreamEvent } from '@skill-service/contracts';
import { MemoryRunEventLog } from './memory-run-event-log.js';
import { MemoryRunQueue } from './memory-run-queue.js';
import { MemoryRunStore } from './memory-run-store.js';
import type { RunEvent } from './run-event-log-port.js';
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
    flaky.append = async (runId, type, data) => {
      if (type === 'step_start' && failures > 0) {
        failures -= 1;
        throw new ServiceError('service_unavailable', 'the log is away');
      }
      return log.append(runId, type, data);
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
