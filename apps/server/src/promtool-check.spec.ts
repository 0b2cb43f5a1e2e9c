// `promtool check metrics` (Prometheus's own linter, from Debian's `prometheus` package) over the
// built server's /v1/metrics/prometheus after mixed traffic: every family the service registers
// must pass the checks scrapers and dashboards rely on (names, units, suffixes, HELP, types).
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { WebhookReceiver } from '@skill-service/test-support';
import { killBuiltServers, startBuiltServer, type BuiltServer } from './testing/built-server.js';
import { waitFor } from './testing/test-server.js';

jest.setTimeout(90_000);

const INSTALL = 'promtool is not installed: install Debian\'s "prometheus" package (apt-get install -y prometheus; CI installs it from .ci/apt-packages)';

function promtool(args: readonly string[], input: string): { status: number | null; output: string } {
  const result = spawnSync('promtool', args, { input, encoding: 'utf8', timeout: 30_000 });
  if (result.error !== undefined && (result.error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(INSTALL);
  if (result.error !== undefined) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

let server: BuiltServer;
let receiver: WebhookReceiver;
let exposition: string;

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  receiver = new WebhookReceiver();
  const hook = await receiver.start();
  server = await startBuiltServer({ SERVICE_OUTBOUND_ALLOW: '127.0.0.1', SERVICE_RATE_LIMIT_REQUESTS: '40', SERVICE_RATE_LIMIT_WINDOW_SECONDS: '2' });
  expect((await call('POST', '/v1/webhooks', { url: hook, events: ['*'], secret: 'promtool-check' })).status).toBe(201);
  // Success, failure, stream, async run, capability, catalog reads, client errors, unknown routes.
  expect((await call('POST', '/v1/skills/text.shout/execute', { inputs: { text: 'sync' } })).status).toBe(200);
  expect((await call('POST', '/v1/skills/math.sum/execute', { inputs: { a: 1, b: 2 } })).status).toBe(200);
  expect((await call('POST', '/v1/skills/text.shout-then-fail/execute', { inputs: { text: 'x' } })).status).toBeGreaterThanOrEqual(400);
  expect(await (await call('POST', '/v1/skills/text.shout/execute/stream', { inputs: { text: 'stream' } })).text()).toContain('event: done');
  const launch = (await (await call('POST', '/v1/skills/math.sum/execute/async', { inputs: { a: 2, b: 3 } })).json()) as { run_id: string };
  await waitFor('the async run', async () => ((await (await call('GET', `/v1/runs/${launch.run_id}`)).json()) as { status: string }).status !== 'running');
  expect((await call('POST', '/v1/capabilities/text.upper/execute', { inputs: { text: 'cap' } })).status).toBe(200);
  expect((await call('GET', '/v1/skills/list')).status).toBe(200);
  expect((await call('POST', '/v1/skills/no.such/execute', { inputs: {} })).status).toBe(404);
  expect((await call('GET', '/v1/skills/list?domian=x')).status).toBe(400);
  expect((await call('GET', '/v1/nothing')).status).toBe(404);
  await waitFor('the webhook deliveries', () => receiver.received.length >= 3);
  // Past the rate limit, so the rate-limit counter has samples too.
  // 60 at once: more than the 40 a 2 s window allows, however slowly the machine answers them.
  const statuses = await Promise.all(Array.from({ length: 60 }, async () => (await call('GET', '/v1/skills/list')).status));
  expect(statuses).toContain(429);
  // The limit is per client and its window 2 s: once the window has passed, the scrape is let in.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const scrape = await call('GET', '/v1/metrics/prometheus');
  expect(scrape.status).toBe(200);
  exposition = await scrape.text();
});

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exit;
  await receiver?.close();
  killBuiltServers();
});

describe('promtool check metrics', () => {
  it('reports no problem on /v1/metrics/prometheus after mixed traffic', () => {
    expect(exposition).toContain('skill_service_skill_executions_total');
    expect(exposition).toContain('skill_service_rate_limited_requests_total');
    const { status, output } = promtool(['check', 'metrics'], exposition);
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('is a real check: it reports a counter without the _total suffix', () => {
    const { status, output } = promtool(['check', 'metrics'], '# HELP requests Requests.\n# TYPE requests counter\nrequests 1\n');
    expect(output).toMatch(/counter metrics should have "_total" suffix/);
    expect(status).not.toBe(0);
  });
});
