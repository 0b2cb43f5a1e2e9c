import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SkillService } from '@skill-service/service';
import { drainServer } from './graceful-shutdown.js';
import { gateFolder, listen, openTestService, readSse, testApp, waitFor } from './testing/test-server.js';

jest.setTimeout(30_000);

const opened: SkillService[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((service) => service.close()));
});

async function serving() {
  const service = await openTestService();
  opened.push(service);
  const server = testApp(service);
  return { ...server, service, listening: await listen(server.app) };
}

const hasStarted = (gates: string, name: string) => () => readFile(join(gates, `${name}.started`)).then(() => true, () => false);

describe('drainServer', () => {
  it('stops accepting, lets an open stream finish with done, then resolves', async () => {
    const { inflight, listening } = await serving();
    const gates = await gateFolder();
    const stream = readSse(`${listening.url}/v1/skills/test.wait/execute/stream`, { inputs: { gate_dir: gates, name: 'drain' } });
    await waitFor('the held call to start', hasStarted(gates, 'drain'));

    let drained = false;
    const draining = drainServer(listening.server, inflight, 10_000).then(() => (drained = true));
    await expect(fetch(`${listening.url}/v1/health`)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drained).toBe(false);

    await writeFile(join(gates, 'drain.release'), '');
    const events = (await stream).events;
    expect(events.at(-1)).toMatchObject({ type: 'done', data: { status: 'completed', outputs: { released: true } } });
    await draining;
    expect(inflight.size).toBe(0);
  });

  it('past the bound, cancels what is still running: the stream ends with a done error', async () => {
    const { inflight, listening } = await serving();
    const gates = await gateFolder();
    const stream = readSse(`${listening.url}/v1/skills/test.wait/execute/stream`, { inputs: { gate_dir: gates, name: 'stuck' } });
    await waitFor('the held call to start', hasStarted(gates, 'stuck'));

    const started = Date.now();
    await drainServer(listening.server, inflight, 200);
    expect(Date.now() - started).toBeLessThan(5000);
    const done = (await stream).events.at(-1);
    expect(done).toMatchObject({ type: 'done', data: { error: { code: 'service_unavailable' } } });
  });
  it('waits for a stream run that outlives its client, and past the bound cancels it: its record fails', async () => {
    const { inflight, listening, service } = await serving();
    const gates = await gateFolder();
    const controller = new AbortController();
    const answer = await fetch(`${listening.url}/v1/skills/test.wait/execute/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { gate_dir: gates, name: 'kept' }, on_disconnect: 'continue' }),
      signal: controller.signal,
    });
    const runId = String(answer.headers.get('x-run-id'));
    await waitFor('the held call to start', hasStarted(gates, 'kept'));
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await service.getRun(runId)).status).toBe('running');

    let drained = false;
    const draining = drainServer(listening.server, inflight, 1000).then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // No connection is left, yet the drain waits for the run.
    expect(drained).toBe(false);
    await draining;
    expect(await service.getRun(runId)).toMatchObject({ status: 'failed', error: expect.stringContaining('cancelled') });
    const events = [];
    for await (const event of await service.followRunEvents(runId, 0)) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'done', data: { error: { code: 'service_unavailable' } } });
  });
});
