import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SkillService } from '@skill-service/service';
import request from 'supertest';
import type { ServerApp } from './app.js';
import { gateFolder, openTestService, testApp, waitFor } from './testing/test-server.js';

jest.setTimeout(30_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const opened: SkillService[] = [];

async function serverWith(env: Record<string, string> = {}): Promise<ServerApp> {
  const service = await openTestService(env);
  opened.push(service);
  return testApp(service);
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((service) => service.close()));
});

afterAll(async () => {
  await Promise.all(opened.map((service) => service.close()));
});

async function pollUntilSettled(server: ServerApp, runId: string): Promise<Record<string, unknown>> {
  let record: Record<string, unknown> = {};
  await waitFor(`run ${runId} to settle`, async () => {
    record = (await request(server.app).get(`/v1/runs/${runId}`).expect(200)).body as Record<string, unknown>;
    return record['status'] !== 'running';
  });
  return record;
}

const started = async (gates: string): Promise<string[]> =>
  (await readdir(gates)).filter((file) => file.endsWith('.started')).map((file) => file.replace('.started', '')).sort();

describe('async runs', () => {
  it('answers 202 with the launch, then the run completes with the sync result', async () => {
    const server = await serverWith();
    const launch = await request(server.app).post('/v1/skills/math.sum/execute/async').set('x-trace-id', 'async-1').send({ inputs: { a: 1, b: 2 } }).expect(202);
    expect(launch.body).toEqual({ run_id: expect.stringMatching(UUID), skill_id: 'math.sum', status: 'running', trace_id: 'async-1' });

    const record = await pollUntilSettled(server, launch.body.run_id);
    expect(record).toEqual({
      run_id: launch.body.run_id,
      skill_id: 'math.sum',
      status: 'completed',
      trace_id: 'async-1',
      created_at: expect.stringMatching(ISO),
      finished_at: expect.stringMatching(ISO),
      result: { skill_id: 'math.sum', status: 'completed', outputs: { sum: 3 }, trace_id: 'async-1' },
      error: null,
    });
  });

  it('records a failed run with an error naming the failed step and a null result', async () => {
    const server = await serverWith();
    const launch = await request(server.app).post('/v1/skills/text.shout-then-fail/execute/async').send({ inputs: { text: 'x' } }).expect(202);
    const record = await pollUntilSettled(server, launch.body.run_id);
    expect(record).toMatchObject({ status: 'failed', result: null, finished_at: expect.stringMatching(ISO) });
    expect(record['error']).toContain("Step 'explode' failed");
  });

  it.each([
    ['an unknown skill', '/v1/skills/no.such/execute/async', { inputs: {} }, 404],
    ['bad inputs', '/v1/skills/math.sum/execute/async', { inputs: { a: 1 } }, 400],
    ['a bad option', '/v1/skills/math.sum/execute/async', { inputs: { a: 1, b: 2 }, audit_mode: 'loud' }, 400],
  ])('answers %s before any run exists', async (_what, path, body, status) => {
    const server = await serverWith();
    await request(server.app).post(path).send(body).expect(status);
    expect((await request(server.app).get('/v1/runs').expect(200)).body).toEqual({ runs: [] });
  });

  it('answers 404 for an unknown run', async () => {
    const server = await serverWith();
    const { body } = await request(server.app).get('/v1/runs/not-a-run').expect(404);
    expect(body.error).toMatchObject({ code: 'not_found', message: "Run 'not-a-run' not found" });
  });

  it('lists runs newest first, bounded by limit, and rejects bad limits', async () => {
    const server = await serverWith();
    const ids: string[] = [];
    for (const a of [1, 2, 3]) ids.push((await request(server.app).post('/v1/skills/math.sum/execute/async').send({ inputs: { a, b: 0 } }).expect(202)).body.run_id);
    const all = (await request(server.app).get('/v1/runs').expect(200)).body.runs.map((run: { run_id: string }) => run.run_id);
    expect(all).toEqual([...ids].reverse());
    const two = (await request(server.app).get('/v1/runs?limit=2').expect(200)).body.runs.map((run: { run_id: string }) => run.run_id);
    expect(two).toEqual([ids[2], ids[1]]);
    for (const bad of ['0', '1001', 'x', '-5', '1.5']) {
      const { body } = await request(server.app).get(`/v1/runs?limit=${bad}`).expect(400);
      expect(body.error.details[0].path).toBe('limit');
    }
    await Promise.all(ids.map((id) => pollUntilSettled(server, id)));
  });

  it('keeps at most SERVICE_MAX_RUNS runs, evicting the oldest first', async () => {
    const server = await serverWith({ SERVICE_MAX_RUNS: '2' });
    const ids: string[] = [];
    for (const a of [1, 2, 3]) ids.push((await request(server.app).post('/v1/skills/math.sum/execute/async').send({ inputs: { a, b: 0 } }).expect(202)).body.run_id);
    await request(server.app).get(`/v1/runs/${ids[0]}`).expect(404);
    const listed = (await request(server.app).get('/v1/runs').expect(200)).body.runs.map((run: { run_id: string }) => run.run_id);
    expect(listed).toEqual([ids[2], ids[1]]);
    await pollUntilSettled(server, ids[2] as string);
  });

  it('executes at most SERVICE_ASYNC_WORKERS runs at once; the others wait as running', async () => {
    const server = await serverWith({ SERVICE_ASYNC_WORKERS: '2' });
    const gates = await gateFolder();
    const ids: string[] = [];
    for (const name of ['r1', 'r2', 'r3']) {
      ids.push((await request(server.app).post('/v1/skills/test.wait/execute/async').send({ inputs: { gate_dir: gates, name } }).expect(202)).body.run_id);
    }
    await waitFor('two runs to execute', async () => (await started(gates)).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await started(gates)).toEqual(['r1', 'r2']);
    const statuses = (await request(server.app).get('/v1/runs').expect(200)).body.runs.map((run: { status: string }) => run.status);
    expect(statuses).toEqual(['running', 'running', 'running']);
    const deep = (await request(server.app).get('/v1/health?deep=true').expect(200)).body;
    expect(deep.checks.runs).toMatchObject({ running: 3, executing: 2, queued: 1, workers: 2 });

    await writeFile(join(gates, 'r1.release'), '');
    await waitFor('the third run to start', async () => (await started(gates)).includes('r3'));
    await writeFile(join(gates, 'r2.release'), '');
    await writeFile(join(gates, 'r3.release'), '');
    for (const id of ids) expect((await pollUntilSettled(server, id))['status']).toBe('completed');
  });
});
