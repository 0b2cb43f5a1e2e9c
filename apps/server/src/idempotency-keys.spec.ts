// Idempotency keys over real HTTP: a retry with the same key and body answers the first response
// again (`Idempotent-Replayed: true`) and starts nothing; a different body under the key is 422; a
// duplicate while the first still runs is 409 with Retry-After for a sync execute and the same run
// for a launch; keys are per subject; a request refused before any work frees its key.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ServiceMetrics } from '@skill-service/metrics';
import type { SkillService } from '@skill-service/service';
import { createApp } from './app.js';
import { ROLE_KEYS, RBAC_WITH_KEYS } from './testing/auth-fixtures.js';
import { accessFrom, openAccess } from './testing/test-access.js';
import { gateFolder, listen, openTestService, waitFor, type Listening } from './testing/test-server.js';

let service: SkillService;
let open: Listening;
let rbac: Listening;

beforeAll(async () => {
  // Both apps report into one registry: what the service counts is what /metrics answers.
  const metrics = new ServiceMetrics();
  service = await openTestService({}, { observer: metrics });
  const common = { version: 'test', bodyLimitBytes: 1024 * 1024, heartbeatMs: 15_000, log: () => undefined, metrics };
  open = await listen(createApp(service, { ...common, access: openAccess() }).app);
  rbac = await listen(createApp(service, { ...common, access: await accessFrom(RBAC_WITH_KEYS) }).app);
});

afterAll(async () => {
  await open.close();
  await rbac.close();
  await service.close();
});

function post(base: Listening, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function executions(skill: string): Promise<number> {
  const text = await (await fetch(`${open.url}/v1/metrics/prometheus`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('skill_service_skill_executions_total{') && line.includes(`skill="${skill}"`))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

describe('Idempotency-Key', () => {
  it('answers a retried sync execute with the first answer and runs the skill once', async () => {
    const before = await executions('math.sum');
    const first = await post(open, '/v1/skills/math.sum/execute', { inputs: { a: 1, b: 2 } }, { 'idempotency-key': 'sum-once', 'x-trace-id': 'first-try' });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.json();
    const retry = await post(open, '/v1/skills/math.sum/execute', { inputs: { a: 1, b: 2 } }, { 'idempotency-key': 'sum-once', 'x-trace-id': 'second-try' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    // The stored answer, trace id of the first request included.
    expect(await retry.json()).toEqual(firstBody);
    expect(firstBody).toMatchObject({ trace_id: 'first-try' });
    expect((await executions('math.sum')) - before).toBe(1);
  });

  it('answers a retried launch with the same run, and one run exists', async () => {
    const body = { inputs: { a: 5, b: 5 } };
    const [a, b] = await Promise.all([
      post(open, '/v1/skills/math.sum/execute/async', body, { 'idempotency-key': 'launch-1' }),
      post(open, '/v1/skills/math.sum/execute/async', body, { 'idempotency-key': 'launch-1' }),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    const [first, second] = (await Promise.all([a.json(), b.json()])) as [{ run_id: string }, { run_id: string }];
    expect(second.run_id).toBe(first.run_id);
    expect([a.headers.get('idempotent-replayed'), b.headers.get('idempotent-replayed')].sort()).toEqual([null, 'true'].sort());
    const later = await post(open, '/v1/skills/math.sum/execute/async', body, { 'idempotency-key': 'launch-1' });
    expect(((await later.json()) as { run_id: string }).run_id).toBe(first.run_id);
    const runs = (await (await fetch(`${open.url}/v1/runs?limit=1000`)).json()) as { runs: { run_id: string }[] };
    expect(runs.runs.filter((run) => run.run_id === first.run_id)).toHaveLength(1);
  });

  it('refuses the same key with another body with 422, and with a capability execute too', async () => {
    expect((await post(open, '/v1/skills/math.sum/execute', { inputs: { a: 1, b: 1 } }, { 'idempotency-key': 'reused' })).status).toBe(200);
    const other = await post(open, '/v1/skills/math.sum/execute', { inputs: { a: 9, b: 9 } }, { 'idempotency-key': 'reused' });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: { code: 'idempotency_key_reused', type: 'IdempotencyKeyReusedError' } });
    const capability = await post(open, '/v1/capabilities/math.add/execute', { inputs: { a: 1, b: 1 } }, { 'idempotency-key': 'reused' });
    expect(capability.status).toBe(422);
  });

  it('answers 409 with Retry-After to a duplicate sent while the first still runs, then the first answer', async () => {
    const gates = await gateFolder();
    const body = { inputs: { gate_dir: gates, name: 'held' } };
    const first = post(open, '/v1/skills/test.wait/execute', body, { 'idempotency-key': 'held-run' });
    await waitFor('the first to run', () => existsSync(join(gates, 'held.started')));
    const duplicate = await post(open, '/v1/skills/test.wait/execute', body, { 'idempotency-key': 'held-run' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.headers.get('retry-after')).toBe('1');
    expect(await duplicate.json()).toMatchObject({ error: { code: 'idempotency_in_progress' } });
    await writeFile(join(gates, 'held.release'), '');
    expect((await first).status).toBe(200);
    const after = await post(open, '/v1/skills/test.wait/execute', body, { 'idempotency-key': 'held-run' });
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(await after.json()).toMatchObject({ status: 'completed', outputs: { released: true } });
  });

  it('frees the key of a request refused before any work, so the corrected retry runs', async () => {
    const bad = await post(open, '/v1/skills/math.sum/execute', { inputs: { a: 'one' } }, { 'idempotency-key': 'fix-me' });
    expect(bad.status).toBe(400);
    const fixed = await post(open, '/v1/skills/math.sum/execute', { inputs: { a: 1, b: 1 } }, { 'idempotency-key': 'fix-me' });
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it.each([
    ['over 255 characters', 'k'.repeat(256)],
    ['a character outside printable ASCII', 'cl\u00e9'],
  ])('refuses a key with %s with 400, running nothing', async (_case, key) => {
    const before = await executions('math.sum');
    const answer = await post(open, '/v1/skills/math.sum/execute', { inputs: { a: 1, b: 1 } }, { 'idempotency-key': key });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { code: 'invalid_request', message: expect.stringContaining('Idempotency-Key') } });
    expect(await executions('math.sum')).toBe(before);
  });

  it("keeps each subject's keys apart", async () => {
    const executor = { 'x-api-key': ROLE_KEYS.executor, 'idempotency-key': 'per-subject' };
    const admin = { 'x-api-key': ROLE_KEYS.admin, 'idempotency-key': 'per-subject' };
    const mine = await post(rbac, '/v1/skills/math.sum/execute', { inputs: { a: 1, b: 2 } }, executor);
    const theirs = await post(rbac, '/v1/skills/math.sum/execute', { inputs: { a: 3, b: 4 } }, admin);
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(await theirs.json()).toMatchObject({ outputs: { sum: 7 } });
  });

  it('describes the header, the replay marker and the 422 in /openapi.json', async () => {
    const document = (await (await fetch(`${open.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { parameters: { name: string }[]; responses: Record<string, { headers?: object }> }>> };
    for (const path of ['/v1/skills/{skill_id}/execute', '/v1/skills/{skill_id}/execute/async', '/v1/capabilities/{capability_id}/execute']) {
      const operation = document.paths[path]?.['post'];
      expect(operation?.parameters.map((parameter) => parameter.name)).toContain('Idempotency-Key');
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['409', '422']));
    }
    expect(document.paths['/v1/skills/{skill_id}/execute']?.['post']?.responses['200']?.headers).toHaveProperty('Idempotent-Replayed');
    expect(document.paths['/v1/skills/{skill_id}/execute/stream']?.['post']?.parameters.map((parameter) => parameter.name)).not.toContain('Idempotency-Key');
  });
});
