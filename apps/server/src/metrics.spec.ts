// The metrics routes over a real service: executions of every channel, then both views read back,
// the Prometheus text through an independent parser.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ApiKeyStore, Authenticator } from '@skill-service/auth';
import { ServiceMetrics } from '@skill-service/metrics';
import type { SkillService } from '@skill-service/service';
import request from 'supertest';
import { AccessControl } from './access-control.js';
import type { ServerApp } from './app.js';
import { parseExposition, sampleValue, type ParsedExposition } from './testing/prometheus-text.js';
import { openTestService, testApp, waitFor } from './testing/test-server.js';

jest.setTimeout(60_000);

const FAMILIES = [
  'skill_service_http_request_duration_seconds',
  'skill_service_skill_executions_total',
  'skill_service_step_duration_seconds',
  'skill_service_binding_fallbacks_total',
  'skill_service_circuit_opens_total',
  'skill_service_runs_queued',
  'skill_service_runs_running',
  'skill_service_webhook_deliveries_total',
  'skill_service_rate_limited_requests_total',
  'process_cpu_user_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_eventloop_lag_seconds',
];

const EXECUTE = '/v1/skills/{skill_id}/execute';

let service: SkillService;
let metrics: ServiceMetrics;
let server: ServerApp;
let exposition: ParsedExposition;
let text: string;

beforeAll(async () => {
  metrics = new ServiceMetrics();
  service = await openTestService({}, { observer: metrics });
  server = testApp(service, { metrics });
  // A second front door over the same service and metrics, allowing one request per minute.
  const limited = testApp(service, {
    metrics,
    access: new AccessControl({
      authenticator: new Authenticator({ mode: 'legacy', apiKeys: new ApiKeyStore() }),
      rateLimit: { limit: 1, windowSeconds: 60 },
      publicRoutes: true,
      observer: metrics,
    }),
  });
  const { app } = server;

  await request(app).post('/v1/skills/text.shout/execute').send({ inputs: { text: 'sync' } }).expect(200);
  const stream = await request(app).post('/v1/skills/text.shout/execute/stream').send({ inputs: { text: 'stream' } }).expect(200);
  expect(stream.text).toContain('event: done');
  const launch = await request(app).post('/v1/skills/math.sum/execute/async').send({ inputs: { a: 1, b: 2 } }).expect(202);
  await waitFor('the async run', async () => (await request(app).get(`/v1/runs/${launch.body.run_id}`).expect(200)).body.status !== 'running');
  await request(app).post('/v1/capabilities/text.upper/execute').send({ inputs: { text: 'cap' } }).expect(200);
  await request(app).post('/v1/skills/text.shout-then-fail/execute').send({ inputs: { text: 'boom' } }).expect(502);
  await request(app).get('/v1/no/such/route').expect(404);
  await request(limited.app).post('/v1/skills/text.shout/execute').send({ inputs: { text: 'first' } }).expect(200);
  await request(limited.app).post('/v1/skills/text.shout/execute').send({ inputs: { text: 'second' } }).expect(429);

  const answer = await request(app).get('/v1/metrics/prometheus').expect(200);
  expect(answer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  text = answer.text;
  exposition = parseExposition(text);
});

afterAll(async () => {
  await service.close();
});

describe('GET /v1/metrics/prometheus', () => {
  it('exposes every family of the service registry, process metrics included, with its type', () => {
    for (const name of FAMILIES) expect(exposition.families.has(name)).toBe(true);
    expect(exposition.families.get('skill_service_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(exposition.families.get('skill_service_step_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(exposition.families.get('skill_service_skill_executions_total')?.type).toBe('COUNTER');
    expect(exposition.families.get('skill_service_runs_queued')?.type).toBe('GAUGE');
  });

  it('counts skill executions by skill, outcome and channel', () => {
    const samples = exposition.families.get('skill_service_skill_executions_total')?.metrics ?? [];
    expect(sampleValue(samples, { skill: 'text.shout', outcome: 'completed', channel: 'http' })).toBe(2);
    expect(sampleValue(samples, { skill: 'text.shout', outcome: 'completed', channel: 'http-stream' })).toBe(1);
    expect(sampleValue(samples, { skill: 'math.sum', outcome: 'completed', channel: 'http-async' })).toBe(1);
    expect(sampleValue(samples, { skill: 'text.shout-then-fail', outcome: 'failed', channel: 'http' })).toBe(1);
    expect(samples).toHaveLength(4);
  });

  it('times steps and the direct capability call by protocol and outcome', () => {
    const counts = exposition.series('skill_service_step_duration_seconds_count');
    // shout ×3 (sync, stream, the limited door), sum, the capability, the failing skill's first step.
    expect(sampleValue(counts, { protocol: 'pythoncall', outcome: 'completed' })).toBe(6);
    expect(sampleValue(counts, { protocol: 'pythoncall', outcome: 'failed' })).toBe(1);
    const buckets = exposition.series('skill_service_step_duration_seconds_bucket');
    expect(sampleValue(buckets, { protocol: 'pythoncall', outcome: 'completed', le: '+Inf' })).toBe(6);
  });

  it('labels requests by route template, never by raw path, and folds unknown paths', () => {
    const counts = exposition.series('skill_service_http_request_duration_seconds_count');
    expect(sampleValue(counts, { method: 'POST', route: EXECUTE, status: '200' })).toBe(2);
    expect(sampleValue(counts, { method: 'POST', route: EXECUTE, status: '502' })).toBe(1);
    expect(sampleValue(counts, { method: 'POST', route: EXECUTE, status: '429' })).toBe(1);
    expect(sampleValue(counts, { method: 'POST', route: '/v1/skills/{skill_id}/execute/stream', status: '200' })).toBe(1);
    expect(sampleValue(counts, { method: 'POST', route: '/v1/skills/{skill_id}/execute/async', status: '202' })).toBe(1);
    expect(sampleValue(counts, { method: 'POST', route: '/v1/capabilities/{capability_id}/execute', status: '200' })).toBe(1);
    expect(sampleValue(counts, { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(sampleValue(counts, { method: 'GET', route: '/v1/runs/{run_id}', status: '200' })).toBeGreaterThanOrEqual(1);
    const routes = new Set(counts.map((sample) => sample.labels?.['route']));
    for (const route of routes) expect(route === 'unmatched' || /^\/[\w/{}.-]*$/.test(route ?? '')).toBe(true);
    expect([...routes].some((route) => route?.includes('text.shout') === true || route?.includes('no/such') === true)).toBe(false);
  });

  it('counts the request the rate limiter refused, and reads runs and webhook deliveries', () => {
    const limited = exposition.families.get('skill_service_rate_limited_requests_total')?.metrics ?? [];
    expect(sampleValue(limited, { route: EXECUTE })).toBe(1);
    expect(sampleValue(exposition.families.get('skill_service_runs_queued')?.metrics ?? [], {})).toBe(0);
    expect(sampleValue(exposition.families.get('skill_service_runs_running')?.metrics ?? [], {})).toBe(0);
    const webhooks = exposition.families.get('skill_service_webhook_deliveries_total')?.metrics ?? [];
    for (const outcome of ['delivered', 'failed', 'dead_lettered']) expect(sampleValue(webhooks, { outcome })).toBe(0);
  });
});

describe('GET /v1/metrics', () => {
  it('is the JSON view of the same registry', async () => {
    const { body } = await request(server.app).get('/v1/metrics').expect(200);
    const names = (body.metrics as { name: string }[]).map((family) => family.name).sort();
    expect(names).toEqual([...exposition.families.keys()].sort());
    const executions = (body.metrics as { name: string; type: string; values: { labels: Record<string, string>; value: number }[] }[]).find(
      (family) => family.name === 'skill_service_skill_executions_total',
    );
    expect(executions?.type).toBe('counter');
    expect(executions?.values).toContainEqual({ name: 'skill_service_skill_executions_total', labels: { skill: 'math.sum', outcome: 'completed', channel: 'http-async' }, value: 1 });
  });

  it('is described in the API document with both routes for operators', async () => {
    const { body } = await request(server.app).get('/openapi.json').expect(200);
    expect(body.paths['/v1/metrics'].get.responses['200'].content['application/json']).toBeDefined();
    expect(body.paths['/v1/metrics/prometheus'].get.responses['200'].content['text/plain; version=0.0.4']).toBeDefined();
  });
});
