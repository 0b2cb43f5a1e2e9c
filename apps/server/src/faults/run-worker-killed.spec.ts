// Fault: the process executing an async run is killed (SIGKILL) mid-run. Another process of the
// deployment notices through the queue's stalled-job check: with one attempt (the default) the run
// ends `failed` with an error saying its worker died; with two, the other process starts it again
// and it completes. Either way it is never `running` forever.
import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { deleteDeploymentKeys } from '@skill-service/redis-state';
import { killBuiltServers, startBuiltServer, type BuiltServer } from '../testing/built-server.js';
import { gateFolder, waitFor } from '../testing/test-server.js';

jest.setTimeout(180_000);

const REDIS_URL = process.env['SERVICE_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const prefixes: string[] = [];
/** How long a run's lock lasts without renewal: a killed worker's run is noticed within about twice this. */
const LOCK_SECONDS = '2';

afterEach(killBuiltServers);

afterAll(async () => {
  for (const prefix of prefixes) await deleteDeploymentKeys({ url: REDIS_URL, prefix });
});

function deployment(env: Record<string, string>): () => Promise<BuiltServer> {
  const prefix = `test-killed-${randomUUID().slice(0, 8)}`;
  prefixes.push(prefix);
  return () => startBuiltServer({ SERVICE_REDIS_URL: REDIS_URL, SERVICE_REDIS_PREFIX: prefix, SERVICE_RUN_LOCK_SECONDS: LOCK_SECONDS, ...env });
}

/** Launches a held run on `a` (alone in the deployment) and waits until `a` is executing it. */
async function runHeldOn(a: BuiltServer, gates: string, name: string): Promise<string> {
  const launched = await fetch(`${a.url}/v1/skills/test.wait/execute/async`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inputs: { gate_dir: gates, name } }),
  });
  expect(launched.status).toBe(202);
  const { run_id: runId } = (await launched.json()) as { run_id: string };
  await waitFor('the run to start on A', () => existsSync(join(gates, `${name}.started`)), 30_000);
  return runId;
}

async function settledOn(server: BuiltServer, runId: string): Promise<Record<string, unknown>> {
  let record: Record<string, unknown> = {};
  await waitFor(
    'the run to settle on B',
    async () => {
      record = (await (await fetch(`${server.url}/v1/runs/${runId}`)).json()) as Record<string, unknown>;
      return record['status'] !== 'running';
    },
    90_000,
  );
  return record;
}

describe('the process executing a run killed with SIGKILL', () => {
  it('fails the run, seen from another process, with an error saying its worker died (one attempt)', async () => {
    const start = deployment({});
    const gates = await gateFolder();
    const a = await start();
    const runId = await runHeldOn(a, gates, 'once');
    const b = await start();
    a.child.kill('SIGKILL');
    const record = await settledOn(b, runId);
    expect(record).toMatchObject({ run_id: runId, status: 'failed', result: null, error: expect.stringMatching(/worker.*died/i) });
    expect(record['finished_at']).toEqual(expect.any(String));
  });

  it('starts the run again on another process when attempts remain, and it completes', async () => {
    const start = deployment({ SERVICE_RUN_ATTEMPTS: '2' });
    const gates = await gateFolder();
    const a = await start();
    const runId = await runHeldOn(a, gates, 'twice');
    const b = await start();
    a.child.kill('SIGKILL');
    // The second start runs from the first step again; this time its gate is already open.
    await writeFile(join(gates, 'twice.release'), '');
    const record = await settledOn(b, runId);
    expect(record).toMatchObject({ run_id: runId, status: 'completed', result: { outputs: { released: true } } });
  });
});
