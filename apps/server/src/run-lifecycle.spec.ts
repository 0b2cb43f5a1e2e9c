// Async runs over their whole life, as clients poll them: the status set stays `running`,
// `completed`, `failed` (the TS SDK's waitForRun stops at the first status that is not `running`),
// and many concurrent runs under a small SERVICE_MAX_RUNS cap evict the oldest without hanging.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RunRecord } from '@skill-service/contracts';
import type { SkillService } from '@skill-service/service';
import request from 'supertest';
import type { ServerApp } from './app.js';
import { describeProcess, isAlive } from './testing/process-alive.js';
import { gateFolder, listen, openTestService, testApp, waitFor, type Listening } from './testing/test-server.js';

jest.setTimeout(60_000);

const RUN_KEYS = ['created_at', 'error', 'finished_at', 'result', 'run_id', 'skill_id', 'status', 'trace_id'];
const CAP = 10;

const opened: SkillService[] = [];
const listenings: Listening[] = [];

afterEach(async () => {
  await Promise.all(listenings.splice(0).map((listening) => listening.close()));
  await Promise.all(opened.splice(0).map((service) => service.close()));
});

async function serverWith(env: Record<string, string> = {}): Promise<ServerApp & { service: SkillService }> {
  const service = await openTestService(env);
  opened.push(service);
  return { ...testApp(service), service };
}

/** A record as a client sees it: exactly the contract's keys, its schema, and fields consistent with its status. */
function expectConsistentRecord(record: Record<string, unknown>): void {
  expect(Object.keys(record).sort()).toEqual(RUN_KEYS);
  expect(() => RunRecord.parse(record)).not.toThrow();
  if (record['status'] === 'running') expect(record).toMatchObject({ finished_at: null, result: null, error: null });
  if (record['status'] === 'completed') expect(record).toMatchObject({ finished_at: expect.any(String), result: expect.any(Object), error: null });
  if (record['status'] === 'failed') expect(record).toMatchObject({ finished_at: expect.any(String), result: null, error: expect.any(String) });
}

describe('run statuses over a run’s whole life', () => {
  it('are only running, completed and failed, from launch to well after the end, in GET /v1/runs/{id} and GET /v1/runs', async () => {
    const server = await serverWith();
    const gates = await gateFolder();
    const launches = {
      held: (await request(server.app).post('/v1/skills/test.wait/execute/async').send({ inputs: { gate_dir: gates, name: 'life' } }).expect(202)).body,
      failing: (await request(server.app).post('/v1/skills/text.shout-then-fail/execute/async').send({ inputs: { text: 'x' } }).expect(202)).body,
      quick: (await request(server.app).post('/v1/skills/math.sum/execute/async').send({ inputs: { a: 1, b: 1 } }).expect(202)).body,
    };
    for (const launch of Object.values(launches)) expect(launch.status).toBe('running');
    const ids = Object.fromEntries(Object.entries(launches).map(([name, launch]) => [launch.run_id as string, name]));

    const seen = new Set<string>(Object.values(launches).map((launch) => launch.status as string));
    const history = new Map<string, Array<Record<string, unknown>>>();
    const observe = (record: Record<string, unknown>): void => {
      expectConsistentRecord(record);
      seen.add(record['status'] as string);
      const runId = record['run_id'] as string;
      history.set(runId, [...(history.get(runId) ?? []), record]);
    };

    let polls = 0;
    let pollsAfterEnd = 0;
    let released = false;
    while (pollsAfterEnd < 10) {
      for (const runId of Object.keys(ids)) observe((await request(server.app).get(`/v1/runs/${runId}`).set('Content-Type', 'application/json').expect(200)).body);
      for (const record of (await request(server.app).get('/v1/runs').expect(200)).body.runs) observe(record);
      polls += 1;
      // Held long enough to be seen running many times, then released.
      if (polls === 10 && !released) {
        await writeFile(join(gates, 'life.release'), '');
        released = true;
      }
      const latest = Object.keys(ids).map((runId) => history.get(runId)?.at(-1)?.['status']);
      if (released && latest.every((status) => status !== 'running')) pollsAfterEnd += 1;
      expect(polls).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    expect([...seen].sort()).toEqual(['completed', 'failed', 'running']);
    for (const [runId, records] of history) {
      const statuses = records.map((record) => record['status']);
      // running… then one final status, never back.
      const firstFinal = statuses.findIndex((status) => status !== 'running');
      expect(firstFinal).toBeGreaterThan(-1);
      const final = records.slice(firstFinal);
      expect(new Set(final.map((record) => JSON.stringify(record))).size).toBe(1);
      expect(final[0]?.['status']).toBe(ids[runId] === 'failing' ? 'failed' : 'completed');
    }
    expect(history.get(launches.held.run_id)?.filter((record) => record['status'] === 'running').length).toBeGreaterThanOrEqual(10);
  });
});

describe(`many concurrent runs under SERVICE_MAX_RUNS=${CAP}`, () => {
  it('launched 50 at once: exactly the cap is kept, the others answer 404, every kept run finishes', async () => {
    const server = await serverWith({ SERVICE_MAX_RUNS: String(CAP) });
    const listening = await listen(server.app);
    listenings.push(listening);

    const launches = await Promise.all(
      Array.from({ length: 50 }, async (_unused, index) => {
        const response = await fetch(`${listening.url}/v1/skills/math.sum/execute/async`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'x-trace-id': `burst-${index}` },
          body: JSON.stringify({ inputs: { a: index, b: 1000 } }),
          signal: AbortSignal.timeout(10_000),
        });
        expect(response.status).toBe(202);
        return (await response.json()) as { run_id: string; trace_id: string };
      }),
    );
    const launched = launches.map((launch) => launch.run_id);
    expect(new Set(launched).size).toBe(50);

    let listed: Array<Record<string, unknown>> = [];
    await waitFor(
      'every kept run to finish',
      async () => {
        listed = (await request(server.app).get('/v1/runs?limit=1000').expect(200)).body.runs;
        return listed.every((run) => run['status'] !== 'running');
      },
      20_000,
    );
    expect(listed).toHaveLength(CAP);
    const kept = listed.map((run) => run['run_id'] as string);
    expect(launched).toEqual(expect.arrayContaining(kept));
    // Newest first.
    const created = listed.map((run) => Date.parse(run['created_at'] as string));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    for (const run of listed) {
      expectConsistentRecord(run);
      const index = Number(String(run['trace_id']).replace('burst-', ''));
      expect(run).toMatchObject({ status: 'completed', result: { outputs: { sum: index + 1000 } } });
    }
    for (const runId of launched.filter((id) => !kept.includes(id))) {
      const { body } = await request(server.app).get(`/v1/runs/${runId}`).expect(404);
      expect(body.error).toEqual({ code: 'not_found', message: `Run '${runId}' not found`, type: 'NotFoundError' });
    }
    const deep = (await request(server.app).get('/v1/health?deep=true').expect(200)).body;
    expect(deep.checks.runs).toMatchObject({ stored: CAP, capacity: CAP, running: 0 });
  });

  it('50 held at once: exactly the 10 newest are listed, the evicted ones (running included) are cancelled and answer 404, nothing hangs', async () => {
    const server = await serverWith({ SERVICE_MAX_RUNS: String(CAP), SERVICE_ASYNC_WORKERS: '4' });
    const gates = await gateFolder();
    const names = Array.from({ length: 50 }, (_unused, index) => `r${String(index).padStart(2, '0')}`);
    const ids: string[] = [];
    for (const name of names) {
      ids.push((await request(server.app).post('/v1/skills/test.wait/execute/async').send({ inputs: { gate_dir: gates, name } }).expect(202)).body.run_id);
    }

    const listed = (await request(server.app).get('/v1/runs?limit=1000').expect(200)).body.runs as Array<Record<string, unknown>>;
    expect(listed.map((run) => run['run_id'])).toEqual(ids.slice(-CAP).reverse());
    expect(listed.every((run) => run['status'] === 'running')).toBe(true);
    for (const runId of ids.slice(0, -CAP)) await request(server.app).get(`/v1/runs/${runId}`).expect(404);

    // The evicted runs that had started executing were cancelled: their workers are killed.
    const startedFiles = (await readdir(gates)).filter((file) => file.endsWith('.started'));
    const evictedPids: number[] = [];
    for (const file of startedFiles) {
      if (names.indexOf(file.replace('.started', '')) < names.length - CAP) evictedPids.push(Number(await readFile(join(gates, file), 'utf8')));
    }
    await waitFor('the workers of the evicted runs to be killed', () => evictedPids.every((pid) => !isAlive(pid)), 15_000, () =>
      evictedPids.filter(isAlive).map(describeProcess).join('; '),
    );

    // Only the kept runs are released: an evicted run still holding a worker would never end.
    for (const name of names.slice(-CAP)) await writeFile(join(gates, `${name}.release`), '');
    await waitFor(
      'every kept run to complete',
      async () => {
        const runs = (await request(server.app).get('/v1/runs').expect(200)).body.runs as Array<Record<string, unknown>>;
        return runs.length === CAP && runs.every((run) => run['status'] === 'completed');
      },
      20_000,
    );
    for (const runId of ids.slice(-CAP)) {
      const { body } = await request(server.app).get(`/v1/runs/${runId}`).expect(200);
      expectConsistentRecord(body);
      expect(body.result.outputs).toEqual({ released: true });
    }
    // No evicted run ever came back, and shutting down waits for nothing left behind.
    expect((await request(server.app).get('/v1/runs?limit=1000').expect(200)).body.runs).toHaveLength(CAP);
    const closing = Date.now();
    opened.splice(opened.indexOf(server.service), 1);
    await server.service.close();
    expect(Date.now() - closing).toBeLessThan(5000);
  });
});
