// Run events across two built server processes on one Redis prefix: any process replays and
// follows any run, a stream begun on A is resumed on B after its client dropped, and a dropped
// default stream's cancellation is what B reads.
import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deleteDeploymentKeys } from '@skill-service/redis-state';
import { killBuiltServers, startBuiltServer, type BuiltServer } from './testing/built-server.js';
import { idsOf, readEvents, readUntil } from './testing/run-event-stream.js';
import { gateFolder, waitFor } from './testing/test-server.js';

jest.setTimeout(120_000);

const settings = { url: process.env['SERVICE_REDIS_URL'] ?? 'redis://127.0.0.1:6379', prefix: `test-run-events-${randomUUID().slice(0, 8)}` };

function deploymentServer(): Promise<BuiltServer> {
  return startBuiltServer({ SERVICE_REDIS_URL: settings.url, SERVICE_REDIS_PREFIX: settings.prefix });
}

async function stop(server: BuiltServer): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exit).toBe(0);
}

async function record(url: string, runId: string): Promise<Record<string, unknown>> {
  const answer = await fetch(`${url}/v1/runs/${runId}`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

async function settled(url: string, runId: string): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> = {};
  await waitFor(`run ${runId} to settle`, async () => {
    found = await record(url, runId);
    return found['status'] !== 'running';
  }, 60_000);
  return found;
}

const hasStepStart = (events: { type: string }[]): boolean => events.some((event) => event.type === 'step_start');

afterEach(killBuiltServers);

afterAll(async () => {
  await deleteDeploymentKeys(settings);
});

describe('run events on Redis, two server processes', () => {
  it('follows on B, live until done, an async run executing on either process, and both replay it alike', async () => {
    const [a, b] = await Promise.all([deploymentServer(), deploymentServer()]);
    const gates = await gateFolder();
    const launched = await fetch(`${a.url}/v1/skills/test.wait/execute/async`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { gate_dir: gates, name: 'async' } }),
    });
    expect(launched.status).toBe(202);
    const { run_id: runId } = (await launched.json()) as { run_id: string };
    const first = await readUntil(`${b.url}/v1/runs/${runId}/events`, {}, hasStepStart);
    expect(first.status).toBe(200);
    expect(idsOf(first.events)).toEqual(first.events.map((_, i) => i + 1));
    const following = readEvents(`${b.url}/v1/runs/${runId}/events`, { 'Last-Event-ID': String(first.events.length) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeFile(join(gates, 'async.release'), '');
    const rest = await following;
    expect(rest.events.at(-1)?.type).toBe('done');
    expect(idsOf(rest.events)).toEqual(rest.events.map((_, i) => first.events.length + i + 1));
    const finished = await settled(b.url, runId);
    expect(finished['status']).toBe('completed');
    expect(rest.events.at(-1)?.data).toEqual(finished['result']);
    const [onA, onB] = await Promise.all([readEvents(`${a.url}/v1/runs/${runId}/events`), readEvents(`${b.url}/v1/runs/${runId}/events`)]);
    expect(onA.events).toEqual([...first.events, ...rest.events]);
    expect(onB.events).toEqual(onA.events);
    // Bad input is answered alike by any process.
    expect((await readEvents(`${b.url}/v1/runs/${runId}/events`, { 'Last-Event-ID': String(onA.events.length + 1) })).status).toBe(400);
    expect((await readEvents(`${b.url}/v1/runs/${runId}/events`, { 'Last-Event-ID': 'later' })).status).toBe(400);
    expect((await readEvents(`${b.url}/v1/runs/${randomUUID()}/events`)).status).toBe(404);
    await Promise.all([stop(a), stop(b)]);
  });

  it('resumes on B a stream begun on A with on_disconnect "continue" after its client dropped', async () => {
    const [a, b] = await Promise.all([deploymentServer(), deploymentServer()]);
    const gates = await gateFolder();
    const first = await readUntil(
      `${a.url}/v1/skills/test.wait/execute/stream`,
      { method: 'POST', body: { inputs: { gate_dir: gates, name: 'stream' }, on_disconnect: 'continue' } },
      hasStepStart,
    );
    expect(first.status).toBe(200);
    const runId = first.headers.get('x-run-id');
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    // The client is gone; seen from B, the run goes on.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await record(b.url, String(runId)))['status']).toBe('running');
    const lastSeen = Number(first.events.at(-1)?.id);
    const resumed = readEvents(`${b.url}/v1/runs/${runId}/events`, { 'Last-Event-ID': String(lastSeen) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writeFile(join(gates, 'stream.release'), '');
    const rest = await resumed;
    expect(rest.status).toBe(200);
    expect(idsOf(rest.events)).toEqual(rest.events.map((_, i) => lastSeen + i + 1));
    const finished = await settled(b.url, String(runId));
    expect(finished).toMatchObject({ run_id: runId, skill_id: 'test.wait', status: 'completed' });
    expect(rest.events.at(-1)).toEqual({ type: 'done', id: String(lastSeen + rest.events.length), data: finished['result'] });
    // Nothing lost before the drop either: B's full replay is what A streamed, then the rest.
    expect((await readEvents(`${b.url}/v1/runs/${runId}/events`)).events).toEqual([...first.events, ...rest.events]);
    await Promise.all([stop(a), stop(b)]);
  });

  it('a default stream dropped on A is cancelled, and B reads its failed record and its done', async () => {
    const [a, b] = await Promise.all([deploymentServer(), deploymentServer()]);
    const gates = await gateFolder();
    const first = await readUntil(
      `${a.url}/v1/skills/test.wait/execute/stream`,
      { method: 'POST', body: { inputs: { gate_dir: gates, name: 'dropped' } } },
      hasStepStart,
    );
    const runId = String(first.headers.get('x-run-id'));
    const finished = await settled(b.url, runId);
    expect(finished['status']).toBe('failed');
    const events = await readEvents(`${b.url}/v1/runs/${runId}/events`);
    expect(events.events.slice(0, first.events.length)).toEqual(first.events);
    expect(events.events.at(-1)).toMatchObject({ type: 'done', data: { error: { message: expect.any(String) } } });
    await Promise.all([stop(a), stop(b)]);
  });
});
