import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { registerProvider } from '../sdk-tracing.js';
import type { InMemoryTracing } from '../tracing-handle.js';

/** The real SDK, context manager and propagator, exporting each ended span to memory (for specs). */
export function inMemoryTracing(): InMemoryTracing {
  const exporter = new InMemorySpanExporter();
  const handle = registerProvider({ serviceName: 'test', serviceVersion: 'test' }, 'test', new SimpleSpanProcessor(exporter));
  return { ...handle, spans: () => exporter.getFinishedSpans(), reset: () => exporter.reset() };
}
