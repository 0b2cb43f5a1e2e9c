// Timeouts, crashes, kills, aborts, queueing and shutdown of real python3 workers.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ServiceError, UpstreamTimeoutError } from '@skill-service/contracts';
import { PythonCallProvider, type PythonCallHealthDetails, type PythonCallOptions } from './index.js';
import { TEST_MODULES_DIR, TOOLS, isAlive, pythonCall, waitFor } from './testing/python-fixtures.js';

jest.setTimeout(30_000); // python startup is 100-300 ms, far more on a loaded CI machine

const providers: PythonCallProvider[] = [];
afterEach(async () => {
  await Promise.all(providers.splice(0).map((provider) => provider.close()));
});

function provider(options: PythonCallOptions = {}): PythonCallProvider {
  const created = new PythonCallProvider({ pythonPath: [TEST_MODULES_DIR], log: () => undefined, ...options });
  providers.push(created);
  return created;
}

async function details(target: PythonCallProvider): Promise<PythonCallHealthDetails> {
  return (await target.health()).details as unknown as PythonCallHealthDetails;
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

const whoami = async (python: PythonCallProvider): Promise<number> =>
  ((await python.call(pythonCall(TOOLS, 'whoami'))) as { pid: number }).pid;

/** Starts a long call and resolves, with the call's promise wrapped, once it runs on a worker. */
async function longCall(python: PythonCallProvider, signal?: AbortSignal): Promise<{ pending: Promise<unknown> }> {
  const pending = python.call(pythonCall(TOOLS, 'sleep_then', { seconds: 30, value: 'late' }, signal ? { signal } : {}));
  pending.catch(() => undefined); // observed by the test; keeps an early rejection from going unhandled
  await waitFor('the call to be running', async () => (await details(python)).busy === 1);
  return { pending };
}

interface Stamped {
  value: number;
  pid: number;
  started: number;
  finished: number;
}

describe('timeouts', () => {
  it('kills the worker past timeoutMs (504), replaces it, and the next call works', async () => {
    const python = provider({ poolSize: 1 });
    const oldPid = await whoami(python);
    const error = await failure(
      python.call(pythonCall(TOOLS, 'sleep_then', { seconds: 30, value: 'late' }, { timeoutMs: 400 })),
    );
    expect(error.code).toBe('upstream_timeout');
    expect(error.status).toBe(504);
    expect(error.message).toBe(`python function ${TOOLS}.sleep_then did not finish within 400 ms`);
    expect(await details(python)).toMatchObject({ restarts: 1 });
    await waitFor('the old worker to be gone', () => !isAlive(oldPid));
    const newPid = await whoami(python);
    expect(newPid).not.toBe(oldPid);
    expect((await details(python)).lastError?.message).toBe(
      `python worker was killed: python function ${TOOLS}.sleep_then did not finish within 400 ms`,
    );
  });

  it('a call that times out while queued fails 504 without touching the running worker', async () => {
    const python = provider({ poolSize: 1 });
    const running = python.call(pythonCall(TOOLS, 'sleep_then', { seconds: 1, value: 'first' }));
    await waitFor('the first call to run', async () => (await details(python)).busy === 1);
    const queued = await failure(python.call(pythonCall(TOOLS, 'add', { a: 1, b: 2 }, { timeoutMs: 200 })));
    expect(queued.code).toBe('upstream_timeout');
    await expect(running).resolves.toMatchObject({ value: 'first' });
    expect(await details(python)).toMatchObject({ restarts: 0, queued: 0 });
  });
});

describe('crashes', () => {
  it('a worker that exits mid-call fails the call with 502 and the next call works', async () => {
    const python = provider({ poolSize: 1 });
    const error = await failure(python.call(pythonCall(TOOLS, 'crash')));
    expect(error.code).toBe('upstream_failure');
    expect(error.message).toBe('python worker exited with code 3');
    await expect(python.call(pythonCall(TOOLS, 'add', { a: 1, b: 2 }))).resolves.toEqual({ sum: 3 });
    expect(await details(python)).toMatchObject({ restarts: 1, liveWorkers: 1 });
  });

  it('a worker killed from outside while idle is replaced on the next call', async () => {
    const python = provider({ poolSize: 1 });
    const pid = await whoami(python);
    process.kill(pid, 'SIGKILL');
    await waitFor('the pool to notice', async () => (await details(python)).restarts === 1);
    expect(await details(python)).toMatchObject({ liveWorkers: 0, lastError: { message: 'python worker was killed by SIGKILL' } });
    const replacement = await whoami(python);
    expect(replacement).not.toBe(pid);
  });

  it('a worker killed from outside while busy fails its call with 502, and the next call works', async () => {
    const python = provider({ poolSize: 1 });
    const { pending } = await longCall(python);
    const [pid] = (await details(python)).workerPids;
    process.kill(pid ?? 0, 'SIGTERM');
    const error = await failure(pending);
    expect(error.code).toBe('upstream_failure');
    expect(error.message).toBe('python worker was killed by SIGTERM');
    await expect(python.call(pythonCall(TOOLS, 'add', { a: 2, b: 2 }))).resolves.toEqual({ sum: 4 });
  });
});

describe('aborts', () => {
  it('abort while running kills the worker and rejects promptly with 503 service_unavailable', async () => {
    const python = provider({ poolSize: 1 });
    const controller = new AbortController();
    const { pending } = await longCall(python, controller.signal);
    const [pid] = (await details(python)).workerPids;
    const abortedAt = Date.now();
    controller.abort(new Error('client went away'));
    const error = await failure(pending);
    // Settled on the abort itself, not when the 30 s sleep would have ended.
    expect(Date.now() - abortedAt).toBeLessThan(5_000);
    expect(error.code).toBe('service_unavailable');
    expect(error.status).toBe(503);
    expect(error.message).toBe(`python function ${TOOLS}.sleep_then was cancelled`);
    await waitFor('the aborted worker to be gone', () => !isAlive(pid ?? 0));
    expect(await details(python)).toMatchObject({ restarts: 1 });
    await expect(python.call(pythonCall(TOOLS, 'add', { a: 1, b: 1 }))).resolves.toEqual({ sum: 2 });
  });

  it('a timeout reason gives 504, and a ServiceError reason is rethrown unchanged', async () => {
    const python = provider({ poolSize: 1 });
    const byTimeout = new AbortController();
    const { pending: timedOut } = await longCall(python, byTimeout.signal);
    byTimeout.abort(new DOMException('step deadline', 'TimeoutError'));
    expect((await failure(timedOut)).code).toBe('upstream_timeout');

    const byEngine = new AbortController();
    const stepTimeout = new ServiceError('step_timeout', 'step summarize timed out after 1 s');
    const { pending: cancelled } = await longCall(python, byEngine.signal);
    byEngine.abort(stepTimeout);
    await expect(cancelled).rejects.toBe(stepTimeout);
    expect(await details(python)).toMatchObject({ restarts: 2 });
  });

  it('an already aborted signal rejects without starting a worker', async () => {
    const python = provider();
    const error = await failure(
      python.call(pythonCall(TOOLS, 'add', { a: 1, b: 1 }, { signal: AbortSignal.abort(new UpstreamTimeoutError('late')) })),
    );
    expect(error.message).toBe('late');
    expect(await details(python)).toMatchObject({ liveWorkers: 0 });
  });

  it('abort while queued removes the call from the queue; the running call is untouched', async () => {
    const python = provider({ poolSize: 1 });
    const running = python.call(pythonCall(TOOLS, 'sleep_then', { seconds: 0.5, value: 'kept' }));
    await waitFor('the first call to run', async () => (await details(python)).busy === 1);
    const controller = new AbortController();
    const queued = python.call(pythonCall(TOOLS, 'add', { a: 1, b: 1 }, { signal: controller.signal }));
    await waitFor('the second call to queue', async () => (await details(python)).queued === 1);
    controller.abort(new Error('run cancelled'));
    expect((await failure(queued)).code).toBe('service_unavailable');
    expect(await details(python)).toMatchObject({ queued: 0 });
    await expect(running).resolves.toMatchObject({ value: 'kept' });
    expect(await details(python)).toMatchObject({ restarts: 0 });
  });
});

describe('the pool', () => {
  it('poolSize 2 runs 6 calls two at a time, in arrival order (3 rounds, not 6 and not 1)', async () => {
    const python = provider({ poolSize: 2 });
    // Both workers started first: on a loaded machine a worker still booting would start its first
    // call late, which says nothing about the order calls are handed out in.
    await Promise.all([0, 1].map((value) => python.call(pythonCall(TOOLS, 'sleep_then', { seconds: 0.2, value }))));
    const results = (await Promise.all(
      [0, 1, 2, 3, 4, 5].map((value) => python.call(pythonCall(TOOLS, 'sleep_then', { seconds: 0.3, value }))),
    )) as Stamped[];
    expect(new Set(results.map((result) => result.pid)).size).toBe(2);
    // Python's own clock: how many calls were running at each start, independent of machine load.
    const overlapAt = (moment: number): number =>
      results.filter((other) => other.started <= moment && moment < other.finished).length;
    expect(Math.max(...results.map((result) => overlapAt(result.started)))).toBe(2);
    // Each worker runs its calls one after another.
    for (const pid of new Set(results.map((result) => result.pid))) {
      const own = results.filter((result) => result.pid === pid).sort((a, b) => a.started - b.started);
      own.slice(1).forEach((result, index) => expect(result.started).toBeGreaterThanOrEqual(own[index]?.finished ?? 0));
    }
    // FIFO: the first two start first, the last two start last.
    const byStart = [...results].sort((a, b) => a.started - b.started).map((result) => result.value);
    expect(new Set(byStart.slice(0, 2))).toEqual(new Set([0, 1]));
    expect(new Set(byStart.slice(4))).toEqual(new Set([4, 5]));
  });

  it('a full queue answers 503 at once', async () => {
    const python = provider({ poolSize: 1, maxQueue: 1 });
    const running = python.call(pythonCall(TOOLS, 'sleep_then', { seconds: 0.3, value: 'a' }));
    await waitFor('the first call to run', async () => (await details(python)).busy === 1);
    const waiting = python.call(pythonCall(TOOLS, 'add', { a: 1, b: 1 }));
    const refused = await failure(python.call(pythonCall(TOOLS, 'add', { a: 2, b: 2 })));
    expect(refused.code).toBe('service_unavailable');
    expect(refused.message).toBe('all 1 python workers are busy and 1 calls are already waiting');
    await expect(running).resolves.toMatchObject({ value: 'a' });
    await expect(waiting).resolves.toEqual({ sum: 2 });
  });

  it('health reports the pool', async () => {
    const python = provider({ poolSize: 3 });
    await python.call(pythonCall(TOOLS, 'add', { a: 1, b: 1 }));
    const health = await python.health();
    expect(health).toMatchObject({
      protocol: 'pythoncall',
      healthy: true,
      details: { poolSize: 3, liveWorkers: 1, busy: 0, queued: 0, restarts: 0, spawnFailures: 0, closed: false },
    });
    expect(health.details['lastError']).toBeUndefined();
  });

  it('close() rejects running and queued calls, and leaves no process behind', async () => {
    const python = provider({ poolSize: 2 });
    const calls = [0, 1, 2].map((value) => python.call(pythonCall(TOOLS, 'sleep_then', { seconds: 30, value })));
    calls.forEach((call) => call.catch(() => undefined));
    await waitFor('two running and one queued', async () => {
      const now = await details(python);
      return now.busy === 2 && now.queued === 1;
    });
    const pids = (await details(python)).workerPids;
    await python.close();
    for (const call of calls) expect((await failure(call)).message).toBe('the pythoncall provider is closed');
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    const after = await python.health();
    expect(after.healthy).toBe(false);
    expect(after.details).toMatchObject({ liveWorkers: 0, busy: 0, queued: 0, closed: true, restarts: 0 });
    expect((await failure(python.call(pythonCall(TOOLS, 'add', { a: 1, b: 1 })))).code).toBe('service_unavailable');
  });
});
