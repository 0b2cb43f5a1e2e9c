// Traces of real requests with the real OpenTelemetry SDK exporting to memory: the span tree of a
// skill with parallel steps, a retried step, a nested skill and a failing provider (its binding
// falls back), each provider a real openapi service on 127.0.0.1; W3C trace context in and out.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SkillService } from '@skill-service/service';
import { startInMemoryTracing, type InMemoryTracing } from '@skill-service/tracing-sdk';
import { WebhookReceiver } from '@skill-service/test-support';
import { listen, openTestService, testApp, waitFor, type Listening } from './testing/test-server.js';
import { startUpstream, writeTracedTree, type Upstream } from './testing/traced-tree.js';

jest.setTimeout(60_000);

type Span = ReturnType<InMemoryTracing['spans']>[number];

let tracing: InMemoryTracing;
let upstream: Upstream;
let scratch: string;
let service: SkillService;
let server: Listening;

beforeAll(async () => {
  tracing = await startInMemoryTracing();
  upstream = await startUpstream();
  scratch = await mkdtemp(join(tmpdir(), 'tracing-spec-'));
  await writeTracedTree(scratch, upstream.port);
  service = await SkillService.open(
    {
      registryRoot: join(scratch, 'registry'),
      runtimeRoot: join(scratch, 'runtime'),
      env: {},
      maxWorkers: 4,
      // One async worker: a second run waits for the first, and starts from its completion.
      asyncWorkers: 1,
      outboundAllow: ['127.0.0.1'],
      python: { executable: 'python3', poolSize: 1, extraModulePrefixes: [] },
      maxTrustLevel: 'standard',
      defaultAuditMode: 'off',
      defaultStepTimeoutSeconds: 30,
      log: () => undefined,
    },
    { version: 'test' },
  );
  server = await listen(testApp(service).app);
});

afterAll(async () => {
  await server?.close();
  await service?.close();
  await upstream?.close();
  await tracing?.shutdown();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

beforeEach(() => {
  tracing.reset();
  upstream.calls.length = 0;
});

const INCOMING_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const INCOMING_PARENT = '00f067aa0ba902b7';

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; traceId: string | null; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, traceId: response.headers.get('x-trace-id'), body: (await response.json()) as Record<string, unknown> };
}

/** The spans of one trace, once its server span has ended (it ends after the answer is sent). */
async function traceOf(name: string): Promise<Span[]> {
  await waitFor(`the span '${name}'`, () => tracing.spans().some((span) => span.name === name));
  const root = tracing.spans().find((span) => span.name === name) as Span;
  return tracing.spans().filter((span) => span.spanContext().traceId === root.spanContext().traceId);
}

const parentOf = (span: Span): string | undefined => span.parentSpanContext?.spanId;
const childrenOf = (spans: Span[], parent: Span): Span[] => spans.filter((span) => parentOf(span) === parent.spanContext().spanId);
const named = (spans: Span[], name: string): Span[] => spans.filter((span) => span.name === name);
function one(spans: Span[], name: string): Span {
  const found = named(spans, name);
  expect([name, found.length]).toEqual([name, 1]);
  return found[0] as Span;
}
/** Child names, sorted: the order spans start in is the scheduler's business. */
const childNames = (spans: Span[], parent: Span): string[] => childrenOf(spans, parent).map((span) => span.name).sort();
const STATUS_ERROR = 2;

describe('the span tree of a skill run over HTTP', () => {
  it('holds the request, the run, parallel steps, each retry attempt, the nested run and the fallback after a failing provider', async () => {
    const answer = await post('/v1/skills/t.tree/execute', { inputs: { text: 'hi' } }, { traceparent: `00-${INCOMING_TRACE}-${INCOMING_PARENT}-01` });
    expect(answer).toMatchObject({ status: 200, body: { outputs: { nested: 'HI', summary: 'HI' } } });
    const spans = await traceOf('POST /v1/skills/{skill_id}/execute');

    // The incoming traceparent is continued, and the contract's trace id recorded on the root span.
    const request = one(spans, 'POST /v1/skills/{skill_id}/execute');
    expect(request.spanContext().traceId).toBe(INCOMING_TRACE);
    expect(parentOf(request)).toBe(INCOMING_PARENT);
    expect(request.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/v1/skills/{skill_id}/execute', 'http.response.status_code': 200, 'skill_service.trace_id': answer.traceId });

    const run = one(spans, 'skill.run t.tree');
    expect(parentOf(run)).toBe(request.spanContext().spanId);
    expect(run.attributes).toMatchObject({ 'skill_service.skill.id': 't.tree', 'skill_service.channel': 'http', 'skill_service.outcome': 'completed' });
    expect(childNames(spans, run)).toEqual(['skill.step a', 'skill.step b', 'skill.step c', 'skill.step d']);

    // a and b have no dependency between them: b started before a ended.
    const [a, b] = [one(spans, 'skill.step a'), one(spans, 'skill.step b')];
    expect(hrtimeMs(b.startTime)).toBeLessThanOrEqual(hrtimeMs(a.endTime));
    expect(a.attributes).toMatchObject({ 'skill_service.step.id': 'a', 'skill_service.step.kind': 'capability', 'skill_service.capability.id': 't.upper', 'skill_service.outcome': 'completed', 'skill_service.attempts': 1 });

    // The retried step: one span per attempt, the first failed with the provider's error code.
    expect(b.attributes).toMatchObject({ 'skill_service.outcome': 'completed', 'skill_service.attempts': 2 });
    const attempts = childrenOf(spans, b).sort((x, y) => Number(x.attributes['skill_service.attempt']) - Number(y.attributes['skill_service.attempt']));
    expect(attempts.map((span) => [span.name, span.attributes['skill_service.attempt'], span.status.code, span.attributes['error.type']])).toEqual([
      ['capability.invoke t.flaky', 1, STATUS_ERROR, 'upstream_failure'],
      ['capability.invoke t.flaky', 2, 0, undefined],
    ]);
    const firstHttp = childrenOf(spans, one(childrenOf(spans, one(childrenOf(spans, attempts[0] as Span), 'binding.resolve t.flaky')), 'binding.call up_flaky'));
    expect(firstHttp.map((span) => [span.name, span.kind, span.attributes['http.response.status_code']])).toEqual([['POST', 2, 500]]);

    // The nested skill's run is a child of its step.
    const c = one(spans, 'skill.step c');
    expect(c.attributes).toMatchObject({ 'skill_service.step.kind': 'skill' });
    const inner = one(spans, 'skill.run t.inner');
    expect(parentOf(inner)).toBe(c.spanContext().spanId);
    expect(childNames(spans, inner)).toEqual(['skill.step shout']);

    // The failing provider: its binding call fails, the fallback answers.
    const resolve = one(spans, 'binding.resolve t.summary');
    expect(resolve.attributes).toMatchObject({ 'skill_service.binding.id': 'healthy_summary', 'skill_service.binding.fallback_used': true, 'skill_service.binding.chain': 'broken_summary,healthy_summary' });
    const calls = childrenOf(spans, resolve);
    expect(calls.map((span) => [span.name, span.status.code, span.attributes['error.type']]).sort()).toEqual([
      ['binding.call broken_summary', STATUS_ERROR, 'upstream_failure'],
      ['binding.call healthy_summary', 0, undefined],
    ]);
    expect(one(calls, 'binding.call broken_summary').attributes).toMatchObject({ 'skill_service.protocol': 'openapi', 'skill_service.service.id': 'broken', 'skill_service.binding.id': 'broken_summary' });
  });

  it('sends each provider call the traceparent of its own HTTP client span', async () => {
    await post('/v1/skills/t.tree/execute', { inputs: { text: 'propagate' } });
    const spans = await traceOf('POST /v1/skills/{skill_id}/execute');
    const clients = spans.filter((span) => span.name === 'POST' && span.kind === 2);
    expect(clients.length).toBe(upstream.calls.length);
    const expected = clients.map((span) => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`).sort();
    expect(upstream.calls.map((call) => call.headers['traceparent']).sort()).toEqual(expected);
  });

  it('fails the run, the step and the binding call with the provider error code when no binding answers', async () => {
    const answer = await post('/v1/skills/t.fails/execute', { inputs: { text: 'x' } });
    expect(answer.status).toBe(502);
    const spans = await traceOf('POST /v1/skills/{skill_id}/execute');
    const request = one(spans, 'POST /v1/skills/{skill_id}/execute');
    expect(request.attributes['http.response.status_code']).toBe(502);
    for (const name of ['skill.run t.fails', 'skill.step only', 'capability.invoke t.broken', 'binding.resolve t.broken', 'binding.call broken_only']) {
      const span = one(spans, name);
      expect([name, span.status.code, span.attributes['error.type']]).toEqual([name, STATUS_ERROR, 'upstream_failure']);
    }
    expect(one(spans, 'skill.run t.fails').attributes['skill_service.outcome']).toBe('failed');
    // Nothing of the request's inputs or the provider's answer is recorded.
    expect(JSON.stringify(spans.map((span) => [span.attributes, span.status, span.events]))).not.toMatch(/down for the test|"x"/);
  });

  it('answers the trace id of the request span when the client sent none', async () => {
    const answer = await post('/v1/skills/t.inner/execute', { inputs: { text: 'id' } });
    const spans = await traceOf('POST /v1/skills/{skill_id}/execute');
    const request = one(spans, 'POST /v1/skills/{skill_id}/execute');
    expect(parentOf(request)).toBeUndefined();
    expect(answer.traceId?.replaceAll('-', '')).toBe(request.spanContext().traceId);
  });

  it.each([
    ['a wrong version', `ff-${INCOMING_TRACE}-${INCOMING_PARENT}-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${INCOMING_PARENT}-01`],
    ['an all-zero parent id', `00-${INCOMING_TRACE}-${'0'.repeat(16)}-01`],
    ['a bad length', `00-${INCOMING_TRACE}1-${INCOMING_PARENT}-01`],
    ['garbage', 'not a traceparent'],
  ])('starts a new trace for %s and still answers', async (_case, traceparent) => {
    const answer = await post('/v1/skills/t.inner/execute', { inputs: { text: 'bad' } }, { traceparent });
    expect(answer.status).toBe(200);
    const spans = await traceOf('POST /v1/skills/{skill_id}/execute');
    const request = one(spans, 'POST /v1/skills/{skill_id}/execute');
    expect(parentOf(request)).toBeUndefined();
    expect(request.spanContext().traceId).not.toBe(INCOMING_TRACE);
    expect(request.spanContext().traceId).not.toBe('0'.repeat(32));
  });

  it('makes each async run a child of the request that launched it, also when it waited for a worker', async () => {
    // t.tree takes several provider calls; t.inner, launched right after, waits for the one worker.
    const first = await post('/v1/skills/t.tree/execute/async', { inputs: { text: 'first' } });
    const second = await post('/v1/skills/t.inner/execute/async', { inputs: { text: 'second' } });
    expect([first.status, second.status]).toEqual([202, 202]);
    for (const launched of [first, second]) {
      const runId = String(launched.body['run_id']);
      await waitFor('the async run to finish', async () => ((await (await fetch(`${server.url}/v1/runs/${runId}`)).json()) as { status: string }).status !== 'running');
    }
    await waitFor('both run spans', () => tracing.spans().some((span) => span.name === 'skill.run t.inner') && tracing.spans().some((span) => span.name === 'skill.run t.tree'));
    const requests = tracing.spans().filter((span) => span.name === 'POST /v1/skills/{skill_id}/execute/async');
    const requestOf = (traceId: string | null): Span | undefined => requests.find((span) => span.attributes['skill_service.trace_id'] === traceId);
    for (const [launched, name] of [[first, 'skill.run t.tree'], [second, 'skill.run t.inner']] as const) {
      const request = requestOf(launched.traceId) as Span;
      // The root run (t.tree runs a nested t.inner too).
      const run = one(tracing.spans().filter((span) => span.attributes['skill_service.depth'] === 0), name);
      expect([name, run.spanContext().traceId, parentOf(run)]).toEqual([name, request.spanContext().traceId, request.spanContext().spanId]);
      expect(run.attributes['skill_service.channel']).toBe('http-async');
    }
  });
});

describe('webhook deliveries', () => {
  it('are attempted in spans under the request that published the event, each POST carrying its own traceparent', async () => {
    const receiver = new WebhookReceiver();
    const url = await receiver.start();
    const created = await post('/v1/webhooks', { url, events: ['skill.completed'] });
    expect(created.status).toBe(201);
    try {
      const answer = await post('/v1/skills/t.inner/execute', { inputs: { text: 'hook' } });
      expect(answer.status).toBe(200);
      await waitFor('the delivery span', () => tracing.spans().some((span) => span.name === 'webhook.deliver skill.completed'));
      const delivery = one(tracing.spans(), 'webhook.deliver skill.completed');
      const request = tracing.spans().find((span) => span.name === 'POST /v1/skills/{skill_id}/execute' && span.spanContext().traceId === delivery.spanContext().traceId);
      expect(request).toBeDefined();
      expect(delivery.attributes).toMatchObject({ 'skill_service.webhook.event': 'skill.completed', 'skill_service.attempt': 1 });
      const client = one(childrenOf(tracing.spans(), delivery), 'POST');
      expect(client.attributes['http.response.status_code']).toBe(200);
      const sent = receiver.received.find((delivered) => delivered.body.includes('"skill.completed"'));
      expect(sent?.headers['traceparent']).toBe(`00-${client.spanContext().traceId}-${client.spanContext().spanId}-01`);
    } finally {
      await fetch(`${server.url}/v1/webhooks/${String(created.body['id'])}`, { method: 'DELETE' });
      await receiver.close();
    }
  });
});

describe('a pythoncall provider', () => {
  it('is called in a client span named after its module and function, under the binding call', async () => {
    const fixtures = await openTestService();
    const fixtureServer = await listen(testApp(fixtures).app);
    try {
      const response = await fetch(`${fixtureServer.url}/v1/skills/text.shout/execute`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ inputs: { text: 'py' } }) });
      expect(response.status).toBe(200);
      const spans = await traceOf('POST /v1/skills/{skill_id}/execute');
      const python = spans.find((span) => span.name.startsWith('pythoncall '));
      expect(python?.name).toBe('pythoncall local_services.test_tools.upper');
      expect(python?.kind).toBe(2);
      expect(parentOf(python as Span)).toBe(one(spans, 'binding.call python_text_upper').spanContext().spanId);
    } finally {
      await fixtureServer.close();
      await fixtures.close();
    }
  });
});

function hrtimeMs([seconds, nanos]: readonly [number, number]): number {
  return seconds * 1000 + nanos / 1e6;
}
