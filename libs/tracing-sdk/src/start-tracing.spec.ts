// The real SDK and OTLP/HTTP exporter against a collector that cannot be reached: spans are
// recorded without waiting for it, and every span that is never delivered is counted.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { trace } from '@opentelemetry/api';
import { startTracing } from './start-tracing.js';
import type { SpanDropReason, TracingHandle } from './tracing-handle.js';

jest.setTimeout(60_000);

let handle: TracingHandle | undefined;
afterEach(async () => {
  await handle?.shutdown();
  handle = undefined;
});

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function endSpans(count: number): number {
  const started = performance.now();
  const tracer = trace.getTracer('spec');
  for (let index = 0; index < count; index++) tracer.startSpan(`span ${index}`).end();
  return performance.now() - started;
}

describe('startTracing', () => {
  it('is off without OTEL_* settings: the API stays a no-op', async () => {
    handle = await startTracing({}, { serviceName: 'spec', serviceVersion: '0' });
    expect(handle.enabled).toBe(false);
    expect(trace.getTracer('spec').startSpan('x').isRecording()).toBe(false);
  });

  it('counts the spans an unreachable collector never received, and ending them never waits for it', async () => {
    const drops: Array<[SpanDropReason, number]> = [];
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}`, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '50' };
    handle = await startTracing(env, { serviceName: 'spec', serviceVersion: '0', onDropped: (reason, count) => drops.push([reason, count]) });
    expect(handle.enabled).toBe(true);
    expect(trace.getTracer('spec').startSpan('x').isRecording()).toBe(true);
    // Generous: 20 spans end in well under a millisecond each; a blocking export would take seconds.
    expect(endSpans(20)).toBeLessThan(5_000);
    await handle.shutdown();
    handle = undefined;
    const exportFailed = drops.filter(([reason]) => reason === 'export_failed').reduce((sum, [, count]) => sum + count, 0);
    // The 20 spans, plus the probe span 'x' (never ended, so not exported).
    expect(exportFailed).toBe(20);
  });

  it('drops spans past the queue bound at once, and counts them', async () => {
    const drops: Array<[SpanDropReason, number]> = [];
    const env = {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_MAX_QUEUE_SIZE: '10',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '10',
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    };
    handle = await startTracing(env, { serviceName: 'spec', serviceVersion: '0', onDropped: (reason, count) => drops.push([reason, count]) });
    endSpans(200);
    const queueFull = drops.filter(([reason]) => reason === 'queue_full').reduce((sum, [, count]) => sum + count, 0);
    expect(queueFull).toBeGreaterThanOrEqual(150);
    await handle.shutdown();
    handle = undefined;
    const total = (): number => drops.reduce((sum, [, count]) => sum + count, 0);
    // Every span is accounted for: dropped at the queue, or failed at export (a batch already in
    // flight at shutdown may report its failure just after it).
    const deadline = Date.now() + 30_000;
    while (total() < 200 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(total()).toBe(200);
  });
});
