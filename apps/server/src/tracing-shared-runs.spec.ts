// Traces across the shared queue: an async run launched on server A and executed by server B (two
// built processes on one Redis prefix, each exporting OTLP/JSON to one local collector) is one trace.
// B's run span is a child of A's launching request span, because the job carries the trace context.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { deleteDeploymentKeys } from '@skill-service/redis-state';
import { OtlpReceiver } from '@skill-service/test-support';
import { killBuiltServers, startBuiltServer, type BuiltServer } from './testing/built-server.js';
import { gateFolder, waitFor } from './testing/test-server.js';

jest.setTimeout(120_000);

const REDIS = { url: process.env['SERVICE_REDIS_URL'] ?? 'redis://127.0.0.1:6379', prefix: `test-traced-runs-${randomUUID().slice(0, 8)}` };
const collector = new OtlpReceiver();
let endpoint = '';

beforeAll(async () => {
  endpoint = await collector.start();
});

afterEach(killBuiltServers);

afterAll(async () => {
  await collector.close();
  await deleteDeploymentKeys(REDIS);
});

function server(name: string, env: Record<string, string> = {}): Promise<BuiltServer> {
  return startBuiltServer({
    SERVICE_REDIS_URL: REDIS.url,
    SERVICE_REDIS_PREFIX: REDIS.prefix,
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
    OTEL_SERVICE_NAME: name,
    ...env,
  });
}

function launch(on: BuiltServer, skill: string, inputs: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${on.url}/v1/skills/${skill}/execute/async`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ inputs }) });
}

describe('an async run executed by another process', () => {
  it("is a child of the launching request's span, in the caller's trace", async () => {
    // A alone, with one worker, busy with a held run: the next run can only be taken by B.
    const gates = await gateFolder();
    const a = await server('launcher', { SERVICE_ASYNC_WORKERS: '1' });
    expect((await launch(a, 'test.wait', { gate_dir: gates, name: 'busy' })).status).toBe(202);
    await waitFor('A busy with the held run', () => existsSync(join(gates, 'busy.started')));
    const b = await server('executor');

    const trace = randomUUID().replaceAll('-', '');
    const launched = await launch(a, 'math.sum', { a: 2, b: 40 }, { traceparent: `00-${trace}-00f067aa0ba902b7-01` });
    expect(launched.status).toBe(202);
    const { run_id: runId } = (await launched.json()) as { run_id: string };
    await waitFor('the run to complete', async () => ((await (await fetch(`${b.url}/v1/runs/${runId}`)).json()) as { status: string }).status === 'completed');
    await writeFile(join(gates, 'busy.release'), '');

    const ofTrace = (): typeof collector.received => collector.received.filter((entry) => entry.span.traceId === trace);
    await waitFor('the run span at the collector', () => ofTrace().some((entry) => entry.span.name === 'skill.run math.sum'));
    await waitFor('the launching request span at the collector', () => ofTrace().some((entry) => entry.span.name === 'POST /v1/skills/{skill_id}/execute/async'));
    const request = ofTrace().find((entry) => entry.span.name === 'POST /v1/skills/{skill_id}/execute/async');
    const run = ofTrace().find((entry) => entry.span.name === 'skill.run math.sum');
    expect(request?.service).toBe('launcher');
    expect(request?.span.parentSpanId).toBe('00f067aa0ba902b7');
    expect(run?.service).toBe('executor');
    expect(run?.span.parentSpanId).toBe(request?.span.spanId);
  });
});
