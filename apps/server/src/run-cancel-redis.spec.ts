// Cancelling async runs across the processes of one deployment on Redis (two built servers): the
// cancel answered by one process stops the run executing on the other (its Python call
// interrupted), a waiting job never starts anywhere, and of concurrent cancels sent to both
// processes exactly one wins.
import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deleteDeploymentKeys } from '@skill-service/redis-state';
import { WebhookReceiver } from '@skill-service/test-support';
import { killBuiltServers, startBuiltServer, type BuiltServer } from './testing/built-server.js';
import { describeProcess, isAlive } from './testing/process-alive.js';
import { gateFolder, waitFor } from './testing/test-server.js';

jest.setTimeout(180_000);

const REDIS_URL = process.env['SERVICE_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const prefixes: string[] = [];
const cleanup: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  killBuiltServers();
  for (const step of cleanup.splice(0)) await step().catch(() => undefined);
});

afterAll(async () => {
  for (const prefix of prefixes) await deleteDeploymentKeys({ url: REDIS_URL, prefix });
});

function deployment(env: Record<string, string> = {}): () => Promise<BuiltServer> {
  const prefix = `test-cancel-${randomUUID().slice(0, 8)}`;
  prefixes.push(prefix);
  return () => startBuiltServer({ SERVICE_REDIS_URL: REDIS_URL, SERVICE_REDIS_PREFIX: prefix, ...env });
}

async function launchWait(server: BuiltServer, gates: string, name: string): Promise<string> {
  const launched = await fetch(`${server.url}/v1/skills/test.wait/execute/async`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inputs: { gate_dir: gates, name } }),
  });
  expect(launched.status).toBe(202);
  return ((await launched.json()) as { run_id: string }).run_id;
}

async function cancel(server: BuiltServer, runId: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/v1/runs/${runId}/cancel`, { method: 'POST', signal: AbortSignal.timeout(30_000) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function recordOn(server: BuiltServer, runId: string): Promise<Record<string, unknown>> {
  return (await (await fetch(`${server.url}/v1/runs/${runId}`)).json()) as Record<string, unknown>;
}

const started = (gates: string, name: string): boolean => existsSync(join(gates, `${name}.started`));

describe('run cancel on Redis, two processes', () => {
  it('a cancel answered by B stops the run executing on A: its Python call is interrupted, the record fails with "Run cancelled", run.failed fires once', async () => {
    const start = deployment({ SERVICE_OUTBOUND_ALLOW: '127.0.0.1' });
    const gates = await gateFolder();
    const receiver = new WebhookReceiver();
    const hook = await receiver.start();
    cleanup.push(() => receiver.close());
    // A alone in the deployment: it is the one executing the run.
    const a = await start();
    const subscribed = await fetch(`${a.url}/v1/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: hook, events: ['run.failed', 'run.completed'] }) });
    expect(subscribed.status).toBe(201);
    const runId = await launchWait(a, gates, 'held');
    await waitFor('the run to start on A', () => started(gates, 'held'), 30_000);
    const pid = Number(await readFile(join(gates, 'held.started'), 'utf8'));
    const b = await start();

    const cancelled = await cancel(b, runId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ run_id: runId, status: 'failed', error: 'Run cancelled', result: null });
    // A heard it over the cancel channel: the worker running the held call is stopped (it would
    // otherwise wait 30 s for its release file).
    await waitFor('the Python worker on A to stop', () => !isAlive(pid), 20_000, () => describeProcess(pid));
    for (const server of [a, b]) expect(await recordOn(server, runId)).toMatchObject({ status: 'failed', error: 'Run cancelled' });
    // Neither process is executing anything any more.
    await waitFor('A to be idle', async () => {
      const deep = (await (await fetch(`${a.url}/v1/health?deep=true`)).json()) as { checks: { runs: { executing: number } } };
      return deep.checks.runs.executing === 0;
    });
    expect((await cancel(a, runId)).status).toBe(409);
    // The cancelling process fires run.failed; the executing one, whose run was cancelled, does not.
    await waitFor('the run.failed delivery', () => receiver.received.length >= 1, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const events = receiver.received.map((delivery) => JSON.parse(delivery.body) as { event: string; data: Record<string, unknown> });
    expect(events).toEqual([expect.objectContaining({ event: 'run.failed', data: expect.objectContaining({ run_id: runId, error: { code: 'service_unavailable', message: 'Run cancelled' } }) })]);
  });

  it('a cancelled run still waiting for a worker is removed from the queue: no process ever starts it', async () => {
    const start = deployment({ SERVICE_ASYNC_WORKERS: '1' });
    const gates = await gateFolder();
    const a = await start();
    const first = await launchWait(a, gates, 'first');
    await waitFor('the first run to start on A', () => started(gates, 'first'), 30_000);
    const waiting = await launchWait(a, gates, 'waiting');
    expect((await cancel(a, waiting)).status).toBe(200);

    // B joins with a free worker, and A's worker frees up: either would take a job still queued.
    const b = await start();
    await writeFile(join(gates, 'first.release'), '');
    await waitFor('the first run to complete', async () => (await recordOn(b, first))['status'] === 'completed', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(started(gates, 'waiting')).toBe(false);
    expect(await recordOn(b, waiting)).toMatchObject({ status: 'failed', error: 'Run cancelled' });
    const deep = (await (await fetch(`${b.url}/v1/health?deep=true`)).json()) as { checks: { runs: { queued: number } } };
    expect(deep.checks.runs.queued).toBe(0);
  });

  it('of cancels sent to both processes at once, exactly one answers 200 and the other 409', async () => {
    const start = deployment();
    const gates = await gateFolder();
    const a = await start();
    const b = await start();
    for (const name of ['race-1', 'race-2', 'race-3']) {
      const runId = await launchWait(a, gates, name);
      await waitFor(`${name} to start`, () => started(gates, name), 30_000);
      const answers = await Promise.all([cancel(a, runId), cancel(b, runId)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body['error']).toMatchObject({ code: 'run_finished' });
      expect(await recordOn(b, runId)).toMatchObject({ status: 'failed', error: 'Run cancelled' });
    }
  });
});
