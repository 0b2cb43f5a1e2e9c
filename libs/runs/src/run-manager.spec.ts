import { describe, expect, it } from '@jest/globals';
import { NotFoundError, ServiceError, type ExecutionResult } from '@skill-service/contracts';
import { RunManager, type RunJob } from './run-manager.js';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const result = (skillId: string): ExecutionResult => ({ skill_id: skillId, status: 'completed', outputs: { ok: true }, trace_id: 't' });

/** A job that waits until released (or its signal aborts) and records what it saw. */
function heldJob(): { job: RunJob; release: () => void; started: () => boolean; signal: () => AbortSignal | undefined } {
  let release = (): void => undefined;
  let seen: AbortSignal | undefined;
  const job: RunJob = (signal) => {
    seen = signal;
    return new Promise((resolve, reject) => {
      release = () => resolve(result('held'));
      signal.addEventListener('abort', () => reject(new ServiceError('service_unavailable', 'Run cancelled')), { once: true });
    });
  };
  return { job, release: () => release(), started: () => seen !== undefined, signal: () => seen };
}

function sequentialIds(): () => string {
  let next = 0;
  return () => `run-${++next}`;
}

describe('RunManager', () => {
  it('answers running at launch and completes the record with the result', async () => {
    const runs = new RunManager({ workers: 1, maxRuns: 10, newId: sequentialIds(), now: () => new Date('2025-01-02T03:04:05.000Z') });
    const launch = runs.launch('s.one', 'trace-1', async () => result('s.one'));
    expect(launch).toEqual({ run_id: 'run-1', skill_id: 's.one', status: 'running', trace_id: 'trace-1' });
    expect(runs.get('run-1')).toMatchObject({ status: 'running', finished_at: null, result: null, error: null });
    await tick();
    expect(runs.get('run-1')).toEqual({
      run_id: 'run-1',
      skill_id: 's.one',
      status: 'completed',
      trace_id: 'trace-1',
      created_at: '2025-01-02T03:04:05.000Z',
      finished_at: '2025-01-02T03:04:05.000Z',
      result: result('s.one'),
      error: null,
    });
  });

  it('fails the record with the error message and a null result', async () => {
    const runs = new RunManager({ workers: 1, maxRuns: 10, newId: sequentialIds() });
    runs.launch('s.bad', 't', () => Promise.reject(new ServiceError('upstream_failure', "Step 'call' failed: upstream said no")));
    runs.launch('s.bug', 't', () => Promise.reject(new Error('/secret/path exploded')));
    await tick();
    expect(runs.get('run-1')).toMatchObject({ status: 'failed', result: null, error: "Step 'call' failed: upstream said no" });
    expect(runs.get('run-1').finished_at).not.toBeNull();
    // Unexpected errors keep their text internal, as in every other answer.
    expect(runs.get('run-2')).toMatchObject({ status: 'failed', error: 'Internal server error.' });
  });

  it('404s an unknown run', () => {
    const runs = new RunManager({ workers: 1, maxRuns: 10 });
    expect(() => runs.get('nope')).toThrow(NotFoundError);
  });

  it('lists the newest first, bounded by limit, and rejects bad limits', async () => {
    const runs = new RunManager({ workers: 4, maxRuns: 10, newId: sequentialIds() });
    for (const id of ['a', 'b', 'c']) runs.launch(id, 't', async () => result(id));
    expect(runs.list().map((run) => run.run_id)).toEqual(['run-3', 'run-2', 'run-1']);
    expect(runs.list(2).map((run) => run.run_id)).toEqual(['run-3', 'run-2']);
    for (const bad of [0, -1, 1.5, 1001, Number.NaN]) expect(() => runs.list(bad)).toThrow(/limit must be an integer from 1 to 1000/);
    await tick();
  });

  it('evicts the oldest run first beyond the cap and cancels it when unfinished', async () => {
    const runs = new RunManager({ workers: 2, maxRuns: 2, newId: sequentialIds() });
    const first = heldJob();
    runs.launch('first', 't', first.job);
    runs.launch('second', 't', async () => result('second'));
    await tick();
    expect(first.started()).toBe(true);
    runs.launch('third', 't', async () => result('third'));
    expect(first.signal()?.aborted).toBe(true);
    expect(() => runs.get('run-1')).toThrow(NotFoundError);
    await tick();
    expect(runs.list().map((run) => run.run_id)).toEqual(['run-3', 'run-2']);
    expect(runs.stats()).toMatchObject({ stored: 2, capacity: 2, running: 0, executing: 0 });
  });

  it('executes at most `workers` runs at once; the others wait as running', async () => {
    const runs = new RunManager({ workers: 2, maxRuns: 10, newId: sequentialIds() });
    const jobs = [heldJob(), heldJob(), heldJob()];
    for (const held of jobs) runs.launch('held', 't', held.job);
    await tick();
    expect(jobs.map((held) => held.started())).toEqual([true, true, false]);
    expect(runs.stats()).toMatchObject({ running: 3, executing: 2, queued: 1, workers: 2 });
    expect(runs.get('run-3').status).toBe('running');
    jobs[0]?.release();
    await tick();
    expect(jobs[2]?.started()).toBe(true);
    jobs[1]?.release();
    jobs[2]?.release();
    await tick();
    expect(runs.list().map((run) => run.status)).toEqual(['completed', 'completed', 'completed']);
  });

  it('close cancels unfinished runs, waits for them and refuses new launches', async () => {
    const runs = new RunManager({ workers: 1, maxRuns: 10, newId: sequentialIds() });
    const executing = heldJob();
    const waiting = heldJob();
    runs.launch('a', 't', executing.job);
    runs.launch('b', 't', waiting.job);
    await tick();
    await runs.close();
    expect(executing.signal()?.aborted).toBe(true);
    expect(waiting.started()).toBe(false);
    expect(runs.list().map((run) => run.status)).toEqual(['failed', 'failed']);
    expect(runs.get('run-2').error).toBe('Run cancelled: the service is shutting down');
    expect(() => runs.launch('c', 't', executing.job)).toThrow(/shutting down/);
    expect(runs.stats().closed).toBe(true);
  });
});
