import { describe, expect, it } from '@jest/globals';
import { NotFoundError, ServiceError, type ExecutionResult } from '@skill-service/contracts';
import type { RunHandler, RunJobData, RunRequest } from './run-job.js';
import { cancelledOnRequest } from './run-cancel.js';
import { MemoryRunQueue } from './memory-run-queue.js';
import { MemoryRunStore } from './memory-run-store.js';
import { RunManager } from './run-manager.js';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await tick();
}

const result = (skillId: string): ExecutionResult => ({ skill_id: skillId, status: 'completed', outputs: { ok: true }, trace_id: 't' });

const request = (skillId: string, traceId = 't'): RunRequest => ({ skill_id: skillId, trace_id: traceId, inputs: {}, execution: { channel: 'http-async' } });

/** A run that waits until released (or its signal aborts) and records what it saw. */
interface Held {
  release(): void;
  started(): boolean;
  signal(): AbortSignal | undefined;
}

/**
 * A handler per skill id: `held:*` skills wait for release, `fail:*` reject, `bug:*` throw a plain
 * error, anything else completes at once.
 */
function handlers(): { handler: RunHandler; held: (runId: string) => Held } {
  const held = new Map<string, { release: () => void; signal?: AbortSignal }>();
  const entry = (runId: string): { release: () => void; signal?: AbortSignal } => {
    let value = held.get(runId);
    if (value === undefined) {
      value = { release: () => undefined };
      held.set(runId, value);
    }
    return value;
  };
  const handler: RunHandler = (job: RunJobData, signal) => {
    if (job.skill_id.startsWith('fail:')) return Promise.reject(new ServiceError('upstream_failure', "Step 'call' failed: upstream said no"));
    if (job.skill_id.startsWith('bug:')) return Promise.reject(new Error('/secret/path exploded'));
    if (!job.skill_id.startsWith('held:')) return Promise.resolve(result(job.skill_id));
    const seen = entry(job.run_id);
    seen.signal = signal;
    return new Promise((resolve, reject) => {
      seen.release = () => resolve(result(job.skill_id));
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  };
  return {
    handler,
    held: (runId) => ({
      release: () => entry(runId).release(),
      started: () => entry(runId).signal !== undefined,
      signal: () => entry(runId).signal,
    }),
  };
}

function sequentialIds(): () => string {
  let next = 0;
  return () => `run-${++next}`;
}

describe('RunManager', () => {
  it('answers running at launch and completes the record with the result', async () => {
    const { handler, held } = handlers();
    const runs = new RunManager({ workers: 1, maxRuns: 10, handler, newId: sequentialIds(), now: () => new Date('2025-01-02T03:04:05.000Z') });
    const launch = await runs.launch(request('held:one', 'trace-1'));
    expect(launch).toEqual({ run_id: 'run-1', skill_id: 'held:one', status: 'running', trace_id: 'trace-1' });
    expect(await runs.get('run-1')).toMatchObject({ status: 'running', finished_at: null, result: null, error: null });
    await settle();
    held('run-1').release();
    await settle();
    expect(await runs.get('run-1')).toEqual({
      run_id: 'run-1',
      skill_id: 'held:one',
      status: 'completed',
      trace_id: 'trace-1',
      created_at: '2025-01-02T03:04:05.000Z',
      finished_at: '2025-01-02T03:04:05.000Z',
      result: result('held:one'),
      error: null,
    });
    await runs.close();
  });

  it('hands the handler the job as data: run id, skill, trace, inputs and execution options', async () => {
    const seen: RunJobData[] = [];
    const runs = new RunManager({ workers: 1, handler: async (job) => (seen.push(job), result(job.skill_id)), newId: sequentialIds() });
    const execution = { channel: 'http-async', audit_mode: 'full', required_conformance_profile: 'strict', confirmed_capabilities: ['c.x'] } as const;
    await runs.launch({ skill_id: 's.one', trace_id: 'tr', inputs: { text: 'hi' }, execution, trace_carrier: { traceparent: '00-abc' } });
    await settle();
    expect(seen).toEqual([{ run_id: 'run-1', skill_id: 's.one', trace_id: 'tr', inputs: { text: 'hi' }, execution, trace_carrier: { traceparent: '00-abc' } }]);
    expect(JSON.parse(JSON.stringify(seen[0]))).toEqual(seen[0]);
    await runs.close();
  });

  it('fails the record with the error message and a null result', async () => {
    const { handler } = handlers();
    const runs = new RunManager({ workers: 1, maxRuns: 10, handler, newId: sequentialIds() });
    await runs.launch(request('fail:bad'));
    await runs.launch(request('bug:bug'));
    await settle();
    expect(await runs.get('run-1')).toMatchObject({ status: 'failed', result: null, error: "Step 'call' failed: upstream said no" });
    expect((await runs.get('run-1')).finished_at).not.toBeNull();
    // Unexpected errors keep their text internal, as in every other answer.
    expect(await runs.get('run-2')).toMatchObject({ status: 'failed', error: 'Internal server error.' });
    await runs.close();
  });

  it('fails a run whose result is over the size limit instead of storing or truncating it', async () => {
    const big: RunHandler = async (job) => ({ ...result(job.skill_id), outputs: { text: 'x'.repeat(2000) } });
    const runs = new RunManager({ workers: 1, handler: big, maxResultBytes: 1000, newId: sequentialIds() });
    await runs.launch(request('s.big'));
    await settle();
    const record = await runs.get('run-1');
    expect(record).toMatchObject({ status: 'failed', result: null });
    expect(record.error).toMatch(/^Run failed: its result is \d+ bytes, over the 1000-byte limit \(SERVICE_MAX_RUN_RESULT_BYTES\)/);
    await runs.close();
  });

  it('404s an unknown run', async () => {
    const runs = new RunManager({ workers: 1, maxRuns: 10, handler: handlers().handler });
    await expect(runs.get('nope')).rejects.toThrow(NotFoundError);
    expect(await runs.has('nope')).toBe(false);
    await runs.close();
  });

  it('lists the newest first, bounded by limit, and rejects bad limits', async () => {
    const runs = new RunManager({ workers: 4, maxRuns: 10, handler: handlers().handler, newId: sequentialIds() });
    for (const id of ['a', 'b', 'c']) await runs.launch(request(id));
    expect((await runs.list()).map((run) => run.run_id)).toEqual(['run-3', 'run-2', 'run-1']);
    expect((await runs.list(2)).map((run) => run.run_id)).toEqual(['run-3', 'run-2']);
    for (const bad of [0, -1, 1.5, 1001, Number.NaN]) await expect(runs.list(bad)).rejects.toThrow(/limit must be an integer from 1 to 1000/);
    await settle();
    await runs.close();
  });

  it('evicts the oldest run first beyond the cap and cancels it when unfinished', async () => {
    const { handler, held } = handlers();
    const runs = new RunManager({ workers: 2, maxRuns: 2, handler, newId: sequentialIds() });
    await runs.launch(request('held:first'));
    await runs.launch(request('second'));
    await settle();
    expect(held('run-1').started()).toBe(true);
    await runs.launch(request('third'));
    await settle();
    expect(held('run-1').signal()?.aborted).toBe(true);
    await expect(runs.get('run-1')).rejects.toThrow(NotFoundError);
    expect((await runs.list()).map((run) => run.run_id)).toEqual(['run-3', 'run-2']);
    expect(await runs.stats()).toMatchObject({ stored: 2, capacity: 2, running: 0, executing: 0 });
    await runs.close();
  });

  it('executes at most `workers` runs at once; the others wait as running', async () => {
    const { handler, held } = handlers();
    const runs = new RunManager({ workers: 2, maxRuns: 10, handler, newId: sequentialIds() });
    for (let i = 0; i < 3; i += 1) await runs.launch(request('held:run'));
    await settle();
    expect(['run-1', 'run-2', 'run-3'].map((id) => held(id).started())).toEqual([true, true, false]);
    expect(await runs.stats()).toMatchObject({ running: 3, executing: 2, queued: 1, workers: 2 });
    expect((await runs.get('run-3')).status).toBe('running');
    held('run-1').release();
    await settle();
    expect(held('run-3').started()).toBe(true);
    held('run-2').release();
    held('run-3').release();
    await settle();
    expect((await runs.list()).map((run) => run.status)).toEqual(['completed', 'completed', 'completed']);
    await runs.close();
  });

  it('close cancels unfinished runs, waits for them and refuses new launches', async () => {
    const { handler, held } = handlers();
    const runs = new RunManager({ workers: 1, maxRuns: 10, handler, newId: sequentialIds() });
    await runs.launch(request('held:a'));
    await runs.launch(request('held:b'));
    await settle();
    await runs.close();
    expect(held('run-1').signal()?.aborted).toBe(true);
    expect(held('run-2').started()).toBe(false);
    expect((await runs.list()).map((run) => run.status)).toEqual(['failed', 'failed']);
    expect((await runs.get('run-2')).error).toBe('Run cancelled: the service shut down before it finished');
    await expect(runs.launch(request('held:c'))).rejects.toThrow(/shutting down/);
    expect((await runs.stats()).closed).toBe(true);
  });

  it('close gives executing runs the drain time: a run that ends within it completes', async () => {
    const { handler, held } = handlers();
    const runs = new RunManager({ workers: 1, handler, newId: sequentialIds() });
    await runs.launch(request('held:a'));
    await runs.launch(request('held:waiting'));
    await settle();
    const closing = runs.close(60_000);
    await settle();
    // The waiting run fails at once; the executing one is not cancelled while the drain time lasts.
    expect((await runs.get('run-2')).error).toBe('Run cancelled: the service shut down before it finished');
    expect(held('run-1').signal()?.aborted).toBe(false);
    held('run-1').release();
    await closing;
    expect(await runs.get('run-1')).toMatchObject({ status: 'completed', error: null });
    expect(held('run-2').started()).toBe(false);
  });

  it('close cancels an executing run once the drain time is over, failing it with the shutdown error', async () => {
    const { handler, held } = handlers();
    const runs = new RunManager({ workers: 1, handler, newId: sequentialIds() });
    await runs.launch(request('held:slow'));
    await settle();
    const started = Date.now();
    await runs.close(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(held('run-1').signal()?.aborted).toBe(true);
    expect(await runs.get('run-1')).toMatchObject({ status: 'failed', error: 'Run cancelled: the service shut down before it finished' });
  });

  describe('cancel', () => {
    it('fails the record with "Run cancelled" and aborts the executing handler, which cannot overwrite it', async () => {
      const { handler, held } = handlers();
      const runs = new RunManager({ workers: 1, maxRuns: 10, handler, newId: sequentialIds() });
      await runs.launch(request('held:one'));
      await settle();
      const cancelled = await runs.cancel('run-1');
      expect(cancelled).toMatchObject({ run_id: 'run-1', status: 'failed', error: 'Run cancelled', result: null });
      expect(held('run-1').signal()?.aborted).toBe(true);
      expect(cancelledOnRequest(held('run-1').signal() as AbortSignal)).toBe(true);
      await settle();
      expect(await runs.get('run-1')).toEqual(cancelled);
      await runs.close();
    });

    it("aborts a tracked execution's signal (a stream recorded as a run), whose outcome cannot overwrite the cancel", async () => {
      const { handler } = handlers();
      const runs = new RunManager({ workers: 1, maxRuns: 10, handler, newId: sequentialIds() });
      const tracked = await runs.track({ skill_id: 'stream', trace_id: 't' });
      const execution = new Promise<ExecutionResult>((_resolve, reject) => tracked.signal.addEventListener('abort', () => reject(tracked.signal.reason), { once: true }));
      const settling = tracked.settle(execution, () => ({ error: 'cancelled' }));
      expect(tracked.signal.aborted).toBe(false);
      expect(await runs.cancel(tracked.run_id)).toMatchObject({ status: 'failed', error: 'Run cancelled' });
      expect(tracked.signal.aborted).toBe(true);
      expect(cancelledOnRequest(tracked.signal)).toBe(true);
      await settling;
      expect(await runs.get(tracked.run_id)).toMatchObject({ status: 'failed', error: 'Run cancelled' });
      await runs.close();
    });

    it('drops a waiting run: it never starts', async () => {
      const { handler, held } = handlers();
      const runs = new RunManager({ workers: 1, maxRuns: 10, handler, newId: sequentialIds() });
      await runs.launch(request('held:first'));
      await runs.launch(request('held:second'));
      await settle();
      await runs.cancel('run-2');
      held('run-1').release();
      await settle();
      expect(held('run-2').started()).toBe(false);
      expect(await runs.get('run-2')).toMatchObject({ status: 'failed', error: 'Run cancelled' });
      await runs.close();
    });

    it('refuses a finished run (409 run_finished), an unknown one (404) and a launcher mayCancel rejects (403)', async () => {
      const { handler } = handlers();
      const runs = new RunManager({ workers: 1, maxRuns: 10, handler, newId: sequentialIds() });
      await runs.launch(request('done'));
      await runs.launch({ ...request('held:mine'), launched_by: 'robot-1' });
      await settle();
      await expect(runs.cancel('run-1')).rejects.toMatchObject({ code: 'run_finished' });
      await expect(runs.cancel('nope')).rejects.toBeInstanceOf(NotFoundError);
      const seen: (string | undefined)[] = [];
      const refuse = (launchedBy: string | undefined): boolean => (seen.push(launchedBy), false);
      await expect(runs.cancel('run-2', refuse)).rejects.toMatchObject({ code: 'forbidden' });
      expect(seen).toEqual(['robot-1']);
      expect(await runs.get('run-2')).toMatchObject({ status: 'running' });
      // The launcher it was told of may cancel it.
      await runs.cancel('run-2', (launchedBy) => launchedBy === 'robot-1');
      await expect(runs.cancel('run-2')).rejects.toMatchObject({ code: 'run_finished' });
      await runs.close();
    });

    it('stands when the queue cannot be told at once: the signal is sent again until it is taken', async () => {
      const { handler, held } = handlers();
      const queue = new MemoryRunQueue();
      let refusals = 1;
      const cancel = queue.cancel.bind(queue);
      queue.cancel = async (runId, reason) => {
        if (refusals > 0) {
          refusals -= 1;
          throw new ServiceError('service_unavailable', 'queue unreachable');
        }
        return cancel(runId, reason);
      };
      const runs = new RunManager({ workers: 1, handler, newId: sequentialIds(), state: { store: new MemoryRunStore(10), queue } });
      await runs.launch(request('held:one'));
      await settle();
      expect(await runs.cancel('run-1')).toMatchObject({ status: 'failed', error: 'Run cancelled' });
      // Told again after the first retry delay.
      for (let i = 0; i < 250 && held('run-1').signal()?.aborted !== true; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(held('run-1').signal()?.aborted).toBe(true);
      await runs.close();
    });
  });
});
