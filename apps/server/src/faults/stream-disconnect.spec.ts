// Fault: a client disconnecting in the middle of a stream of a three-step skill. The step
// running is cancelled (its Python worker killed), the steps after it never start, the server's
// registry of in-flight runs empties (nothing leaks), and the service goes on serving, the same
// skill included. sse.spec covers the single-step case (the invoked capability aborted).
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SkillService } from '@skill-service/service';
import type { ServerApp } from '../app.js';
import { openFaultService } from '../testing/fault-service.js';
import { describeProcess, isAlive } from '../testing/process-alive.js';
import { gateFolder, listen, readSse, testApp, waitFor, type Listening } from '../testing/test-server.js';

const BOUND_MS = 30_000;

describe('a client disconnecting mid-stream', () => {
  let service: SkillService;
  let app: ServerApp;
  let server: Listening;

  beforeAll(async () => {
    service = await openFaultService();
    app = testApp(service);
    server = await listen(app.app);
  });

  afterAll(async () => {
    await server.close();
    await service.close();
  });

  it(
    'cancels the running step, never starts the later ones, leaves no run in flight, and keeps serving',
    async () => {
      const gates = await gateFolder();
      const client = request(`${server.url}/v1/skills/fault.hold-chain/execute/stream`, { method: 'POST', headers: { 'content-type': 'application/json' } });
      client.on('error', () => undefined);
      let received = '';
      client.on('response', (response) => response.on('data', (chunk: Buffer) => (received += chunk.toString())));
      client.end(JSON.stringify({ inputs: { gate_dir: gates } }));

      await waitFor('the first step to run', () => existsSync(join(gates, 'first.started')), BOUND_MS);
      const pid = Number(await readFile(join(gates, 'first.started'), 'utf8'));
      expect(app.inflight.size).toBe(1);
      await waitFor('the step_start event', () => received.includes('event: step_start'), BOUND_MS);
      client.destroy();

      await waitFor('the worker of the cancelled step to be killed', () => !isAlive(pid), BOUND_MS, () => describeProcess(pid));
      await waitFor('the run to leave the in-flight registry', () => app.inflight.size === 0, BOUND_MS);
      // The run has settled: had it gone on, the second step would have started by now.
      expect(existsSync(join(gates, 'second.started'))).toBe(false);
      expect(existsSync(join(gates, 'third.started'))).toBe(false);
      expect(received).not.toContain('event: done');

      // The same skill runs to the end for the next client.
      const next = await gateFolder();
      const stream = readSse(`${server.url}/v1/skills/fault.hold-chain/execute/stream`, { inputs: { gate_dir: next } });
      for (const name of ['first', 'second', 'third']) {
        await waitFor(`step ${name} to run`, () => existsSync(join(next, `${name}.started`)), BOUND_MS);
        await writeFile(join(next, `${name}.release`), '');
      }
      const finished = await stream;
      expect(finished.events.at(-1)).toMatchObject({ type: 'done', data: { status: 'completed', outputs: { released: true } } });
      expect(app.inflight.size).toBe(0);
    },
    BOUND_MS * 3,
  );
});
