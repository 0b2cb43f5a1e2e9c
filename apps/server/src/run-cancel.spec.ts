import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '@skill-service/auth';
import { ServiceMetrics } from '@skill-service/metrics';
import type { SkillService } from '@skill-service/service';
import { WebhookReceiver } from '@skill-service/test-support';
import { RBAC_WITH_KEYS, ROLE_KEYS } from './testing/auth-fixtures.js';
import { exactStream } from './testing/sse-frames.js';
import { describeProcess, isAlive } from './testing/process-alive.js';
import { accessFrom } from './testing/test-access.js';
import { gateFolder, listen, openTestService, testApp, waitFor, type Listening } from './testing/test-server.js';

jest.setTimeout(60_000);

const cleanup: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

const OTHER_EXECUTOR_KEY = 'other-executor-key-77d1c3';

interface Setup {
  readonly url: string;
  readonly service: SkillService;
  readonly metrics: ServiceMetrics;
}

/** A real server on 127.0.0.1 (RBAC with a key per role, and a second executor) over the fixtures. */
async function start(env: Record<string, string> = {}): Promise<Setup> {
  const metrics = new ServiceMetrics({ defaultMetrics: false });
  const service = await openTestService({ SERVICE_OUTBOUND_ALLOW: '127.0.0.1', ...env }, { observer: metrics });
  cleanup.push(() => service.close());
  const access = await accessFrom({
    argv: RBAC_WITH_KEYS.argv,
    env: { ...RBAC_WITH_KEYS.env, SERVICE_API_KEYS: `${RBAC_WITH_KEYS.env.SERVICE_API_KEYS},other-robot:executor:${sha256Hex(OTHER_EXECUTOR_KEY)}` },
  });
  const listening: Listening = await listen(testApp(service, { access, metrics }).app);
  cleanup.push(() => listening.close());
  return { url: listening.url, service, metrics };
}

async function call(url: string, method: string, path: string, key: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function launchWait(url: string, gates: string, name: string, key = ROLE_KEYS.executor): Promise<string> {
  const launched = await call(url, 'POST', '/v1/skills/test.wait/execute/async', key, { inputs: { gate_dir: gates, name } });
  expect(launched.status).toBe(202);
  return String(launched.body['run_id']);
}

const startedPid = async (gates: string, name: string): Promise<number> => Number(await readFile(join(gates, `${name}.started`), 'utf8'));
const hasStarted = async (gates: string, name: string): Promise<boolean> => (await readdir(gates)).includes(`${name}.started`);

describe('POST /v1/runs/{run_id}/cancel (in memory, over HTTP)', () => {
  it('cancels an executing run: the Python call is interrupted, the run fails with "Run cancelled", run.failed fires, the cancel is counted', async () => {
    const { url, metrics } = await start();
    const receiver = new WebhookReceiver();
    const hook = await receiver.start();
    cleanup.push(() => receiver.close());
    expect((await call(url, 'POST', '/v1/webhooks', ROLE_KEYS.operator, { url: hook, events: ['run.failed', 'run.completed'] })).status).toBe(201);

    const gates = await gateFolder();
    const runId = await launchWait(url, gates, 'held');
    await waitFor('the held call to start', () => hasStarted(gates, 'held'));
    const pid = await startedPid(gates, 'held');
    expect(isAlive(pid)).toBe(true);

    const cancelled = await call(url, 'POST', `/v1/runs/${runId}/cancel`, ROLE_KEYS.operator);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ run_id: runId, skill_id: 'test.wait', status: 'failed', error: 'Run cancelled', result: null });
    expect(cancelled.body['finished_at']).toEqual(expect.any(String));

    // The worker executing the held call is stopped: the call never returns on its own.
    await waitFor('the Python worker of the cancelled call to stop', () => !isAlive(pid), 15_000, () => describeProcess(pid));
    const record = await call(url, 'GET', `/v1/runs/${runId}`, ROLE_KEYS.operator);
    expect(record.body).toMatchObject({ status: 'failed', error: 'Run cancelled', result: null });

    await waitFor('the run.failed delivery', () => receiver.received.length >= 1);
    // Nothing more arrives once the executing side settled: one event for the cancel.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const events = receiver.received.map((delivery) => JSON.parse(delivery.body) as { event: string; data: Record<string, unknown> });
    expect(events).toEqual([
      expect.objectContaining({ event: 'run.failed', data: expect.objectContaining({ run_id: runId, skill_id: 'test.wait', status: 'failed', error: { code: 'service_unavailable', message: 'Run cancelled' } }) }),
    ]);
    expect(await metrics.prometheusText()).toMatch(/^skill_service_runs_cancelled_total\{skill="test\.wait"\} 1$/m);
  });

  it('cancels a stream recorded as a run: the Python call is interrupted and the stream ends with the cancel', async () => {
    const { url } = await start();
    const gates = await gateFolder();
    const response = await fetch(`${url}/v1/skills/test.wait/execute/stream`, {
      method: 'POST',
      headers: { 'X-API-Key': ROLE_KEYS.executor, 'Content-Type': 'application/json' },
      body: JSON.stringify({ inputs: { gate_dir: gates, name: 'streamed' } }),
      signal: AbortSignal.timeout(30_000),
    });
    expect(response.status).toBe(200);
    const runId = response.headers.get('x-run-id') ?? '';
    const body = response.text();
    await waitFor('the streamed call to start', () => hasStarted(gates, 'streamed'));
    const pid = await startedPid(gates, 'streamed');

    const cancelled = await call(url, 'POST', `/v1/runs/${runId}/cancel`, ROLE_KEYS.operator);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ run_id: runId, skill_id: 'test.wait', status: 'failed', error: 'Run cancelled' });

    // The stream ends on its own (the call is never released), its last event the failure.
    const { events } = exactStream(await body);
    expect(events.at(-1)).toMatchObject({ type: 'done', data: { error: { code: 'service_unavailable', message: 'Run cancelled' } } });
    await waitFor('the Python worker of the cancelled stream to stop', () => !isAlive(pid), 15_000, () => describeProcess(pid));
    expect((await call(url, 'GET', `/v1/runs/${runId}`, ROLE_KEYS.operator)).body).toMatchObject({ status: 'failed', error: 'Run cancelled' });
  });

  it('cancels a run still waiting for a worker: it never starts', async () => {
    const { url } = await start({ SERVICE_ASYNC_WORKERS: '1' });
    const gates = await gateFolder();
    const first = await launchWait(url, gates, 'first');
    const second = await launchWait(url, gates, 'second');
    await waitFor('the first call to start', () => hasStarted(gates, 'first'));

    expect((await call(url, 'POST', `/v1/runs/${second}/cancel`, ROLE_KEYS.executor, {})).status).toBe(200);
    await writeFile(join(gates, 'first.release'), '');
    await waitFor('the first run to complete', async () => (await call(url, 'GET', `/v1/runs/${first}`, ROLE_KEYS.operator)).body['status'] === 'completed');
    // The worker is free again: had the cancelled run been started, it would have by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await hasStarted(gates, 'second')).toBe(false);
    expect((await call(url, 'GET', `/v1/runs/${second}`, ROLE_KEYS.operator)).body).toMatchObject({ status: 'failed', error: 'Run cancelled' });
  });

  it('answers 409 run_finished for a finished run and for a second cancel, 404 for an unknown run', async () => {
    const { url } = await start();
    const gates = await gateFolder();
    const runId = await launchWait(url, gates, 'twice');
    await waitFor('the call to start', () => hasStarted(gates, 'twice'));
    expect((await call(url, 'POST', `/v1/runs/${runId}/cancel`, ROLE_KEYS.operator)).status).toBe(200);
    const again = await call(url, 'POST', `/v1/runs/${runId}/cancel`, ROLE_KEYS.operator);
    expect(again.status).toBe(409);
    expect(again.body['error']).toMatchObject({ code: 'run_finished', type: 'RunFinishedError', message: expect.stringContaining('already finished (failed)') });

    const completed = await call(url, 'POST', '/v1/skills/math.sum/execute/async', ROLE_KEYS.executor, { inputs: { a: 1, b: 2 } });
    const doneId = String(completed.body['run_id']);
    await waitFor('the sum to complete', async () => (await call(url, 'GET', `/v1/runs/${doneId}`, ROLE_KEYS.operator)).body['status'] === 'completed');
    const late = await call(url, 'POST', `/v1/runs/${doneId}/cancel`, ROLE_KEYS.operator);
    expect(late.status).toBe(409);
    expect(late.body['error']).toMatchObject({ code: 'run_finished' });
    // Still completed: a refused cancel changes nothing.
    expect((await call(url, 'GET', `/v1/runs/${doneId}`, ROLE_KEYS.operator)).body).toMatchObject({ status: 'completed', error: null });

    const unknown = await call(url, 'POST', '/v1/runs/no-such-run/cancel', ROLE_KEYS.operator);
    expect(unknown.status).toBe(404);
    expect(unknown.body['error']).toMatchObject({ code: 'not_found' });
  });

  it('lets the launching executor cancel its run, refuses another executor (403) and a reader (403)', async () => {
    const { url } = await start();
    const gates = await gateFolder();
    const runId = await launchWait(url, gates, 'owned');
    await waitFor('the call to start', () => hasStarted(gates, 'owned'));

    const stranger = await call(url, 'POST', `/v1/runs/${runId}/cancel`, OTHER_EXECUTOR_KEY);
    expect(stranger.status).toBe(403);
    expect(stranger.body['error']).toMatchObject({ code: 'forbidden', message: expect.stringContaining('launched by another subject') });
    expect((await call(url, 'POST', `/v1/runs/${runId}/cancel`, ROLE_KEYS.reader)).status).toBe(403);
    expect((await call(url, 'GET', `/v1/runs/${runId}`, ROLE_KEYS.operator)).body['status']).toBe('running');

    const own = await call(url, 'POST', `/v1/runs/${runId}/cancel`, ROLE_KEYS.executor);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: 'failed', error: 'Run cancelled' });
    // Nothing of who launched it is in the public record.
    expect(Object.keys(own.body).sort()).toEqual(['created_at', 'error', 'finished_at', 'result', 'run_id', 'skill_id', 'status', 'trace_id']);
  });

  it('of concurrent cancels exactly one wins; the others answer 409 and the record says cancelled once', async () => {
    const { url } = await start();
    const gates = await gateFolder();
    const runId = await launchWait(url, gates, 'raced');
    await waitFor('the call to start', () => hasStarted(gates, 'raced'));
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(url, 'POST', `/v1/runs/${runId}/cancel`, ROLE_KEYS.operator)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await call(url, 'GET', `/v1/runs/${runId}`, ROLE_KEYS.operator)).body).toMatchObject({ status: 'failed', error: 'Run cancelled' });
  });

  it('is described in /openapi.json with its role, its record answer and its errors', async () => {
    const { url } = await start();
    const document = (await (await fetch(`${url}/openapi.json`, { headers: { 'X-API-Key': ROLE_KEYS.reader } })).json()) as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    const operation = document.paths['/v1/runs/{run_id}/cancel']?.['post'];
    expect(operation?.operationId).toBe('cancelRun');
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '403', '404', '409', '503']));
  });
});
