// The built server (apps/server/dist/main.js) with the OTLP/HTTP exporter (OTLP/JSON) pointed at a
// local receiver that decodes each export: the span tree of a real call and the traceparent its
// provider received. And with the collector unreachable: requests are answered as usual, and the
// spans that never left are counted in the metrics.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { OtlpReceiver, spanAttribute, type OtlpSpan } from '@skill-service/test-support';
import { killBuiltServers, listeningOn, spawnBuiltServer, type BuiltServer } from './testing/built-server.js';
import { waitFor } from './testing/test-server.js';
import { startUpstream, writeTracedTree, type Upstream } from './testing/traced-tree.js';

jest.setTimeout(90_000);

const receiver = new OtlpReceiver();
let receiverUrl: string;
const received = receiver.received;
const protobufExports = receiver.protobufExports;
let upstream: Upstream;
let scratch: string;

beforeAll(async () => {
  receiverUrl = await receiver.start();
  upstream = await startUpstream();
  scratch = await mkdtemp(join(tmpdir(), 'tracing-built-'));
  await writeTracedTree(scratch, upstream.port);
});

afterEach(() => {
  killBuiltServers();
});

afterAll(async () => {
  await receiver.close();
  await upstream.close();
  await rm(scratch, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<BuiltServer> {
  const flags = ['--registry-root', join(scratch, 'registry'), '--runtime-root', join(scratch, 'runtime')];
  const server = spawnBuiltServer(flags, { SERVICE_OUTBOUND_ALLOW: '127.0.0.1', OTEL_BSP_SCHEDULE_DELAY: '100', ...env });
  return { ...server, ...(await listeningOn(server)) };
}

const attribute = spanAttribute;

describe('the built server exporting OTLP/JSON to a collector', () => {
  it('exports the span tree of a real call, continuing the caller trace, and sends the client span to the provider', async () => {
    const server = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'skills-e2e' });
    const trace = '0af7651916cd43dd8448eb211c80319c';
    const response = await fetch(`${server.url}/v1/skills/t.tree/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${trace}-b7ad6b7169203331-01` },
      body: JSON.stringify({ inputs: { text: 'e2e' } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-trace-id')).toBe(trace);

    const ofTrace = (): OtlpSpan[] => received.filter((entry) => entry.span.traceId === trace).map((entry) => entry.span);
    await waitFor('the request span at the collector', () => ofTrace().some((span) => span.name === 'POST /v1/skills/{skill_id}/execute'));
    await waitFor('every span of the run at the collector', () => ofTrace().filter((span) => span.name === 'POST').length === upstream.calls.length);
    const spans = ofTrace();
    expect(received.find((entry) => entry.span.traceId === trace)?.service).toBe('skills-e2e');
    const byName = (name: string): OtlpSpan[] => spans.filter((span) => span.name === name);
    const only = (name: string): OtlpSpan => {
      expect([name, byName(name).length]).toEqual([name, 1]);
      return byName(name)[0] as OtlpSpan;
    };
    const request = only('POST /v1/skills/{skill_id}/execute');
    expect(request.parentSpanId).toBe('b7ad6b7169203331');
    expect(attribute(request, 'http.response.status_code')).toBe(200);
    expect(attribute(request, 'skill_service.trace_id')).toBe(trace);
    const run = only('skill.run t.tree');
    expect(run.parentSpanId).toBe(request.spanId);
    const steps = spans.filter((span) => span.parentSpanId === run.spanId).map((span) => span.name).sort();
    expect(steps).toEqual(['skill.step a', 'skill.step b', 'skill.step c', 'skill.step d']);
    expect(byName('capability.invoke t.flaky').map((span) => [attribute(span, 'skill_service.attempt'), span.status?.code ?? 0]).sort()).toEqual([
      [1, 2],
      [2, 0],
    ]);
    expect(only('skill.run t.inner').parentSpanId).toBe(only('skill.step c').spanId);
    expect(attribute(only('binding.resolve t.summary'), 'skill_service.binding.fallback_used')).toBe(true);

    // Each provider call carried its own HTTP client span as parent.
    const clients = byName('POST').filter((span) => span.kind === 3);
    expect(upstream.calls.map((call) => call.headers['traceparent']).sort()).toEqual(clients.map((span) => `00-${trace}-${span.spanId}-01`).sort());
  });

  it('answers as usual with the collector unreachable, and counts the spans that never left', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const server = await start({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${deadPort}`, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
    for (let index = 0; index < 5; index++) {
      const response = await fetch(`${server.url}/v1/skills/t.inner/execute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ inputs: { text: `n${index}` } }),
        // Generous: an answer waiting on the collector would hang far longer than this.
        signal: AbortSignal.timeout(20_000),
      });
      expect(response.status).toBe(200);
    }
    const dropped = async (): Promise<number> => {
      const text = await (await fetch(`${server.url}/v1/metrics/prometheus`)).text();
      return Number(/^skill_service_trace_spans_dropped_total\{reason="export_failed"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    };
    await waitFor('export failures counted', async () => (await dropped()) > 0);
  });

  it('exports OTLP/HTTP protobuf by default (the standard protocol)', async () => {
    const server = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl });
    const response = await fetch(`${server.url}/v1/skills/t.inner/execute`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ inputs: { text: 'proto' } }) });
    expect(response.status).toBe(200);
    await waitFor('a protobuf export', () => protobufExports.some((size) => size > 0));
  });

  it('refuses a malformed OTEL_* setting at start (exit 2), naming the variable', async () => {
    const server = spawnBuiltServer(['--registry-root', join(scratch, 'registry'), '--runtime-root', join(scratch, 'runtime')], { OTEL_TRACES_EXPORTER: 'zipkin' });
    expect(await server.exit).toBe(2);
    expect(server.stderr.join('\n')).toContain("OTEL_TRACES_EXPORTER must be otlp, console or none, got 'zipkin'");
  });
});
