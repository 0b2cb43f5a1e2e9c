import { context, propagation, trace, type TextMapPropagator } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, ConsoleSpanExporter, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { CountingBatchProcessor } from './counting-batch-processor.js';
import type { TracingHandle, TracingOptions } from './tracing-handle.js';
import type { TracingSettings } from './tracing-settings.js';

type Enabled = Extract<TracingSettings, { enabled: true }>;

/**
 * A dynamically imported CommonJS package's exports: bundled (the apps' esbuild build) they sit
 * under `default`; run from source, on the namespace itself.
 */
function exportsOf<T extends object>(namespace: T): T {
  const fallback = (namespace as { default?: T }).default;
  return fallback !== undefined && typeof fallback === 'object' ? fallback : namespace;
}

async function exporterFor(settings: Enabled): Promise<SpanExporter> {
  if (settings.exporter === 'console') return new ConsoleSpanExporter();
  // Headers, timeout and compression come from the OTEL_EXPORTER_OTLP_* variables, read by the exporter.
  // Each exporter is loaded only when chosen.
  const { OTLPTraceExporter } =
    settings.protocol === 'http/json'
      ? exportsOf(await import('@opentelemetry/exporter-trace-otlp-http'))
      : exportsOf(await import('@opentelemetry/exporter-trace-otlp-proto'));
  return new OTLPTraceExporter({ url: settings.url });
}

/**
 * Registers the global tracer provider, the AsyncLocalStorage context manager (so the active
 * span follows awaits) and the W3C Trace Context propagator. `processor` replaces the batched
 * export (tests pass an in-memory one).
 */
export function registerProvider(options: TracingOptions, serviceName: string, processor: SpanProcessor): TracingHandle {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName, 'service.version': options.serviceVersion }),
    spanProcessors: [processor],
  });
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  const propagator: TextMapPropagator = new W3CTraceContextPropagator();
  propagation.setGlobalPropagator(propagator);
  trace.setGlobalTracerProvider(provider);
  return {
    enabled: true,
    shutdown: async () => {
      try {
        await provider.shutdown();
      } catch {
        // The last batch could not be delivered: its spans are already counted as dropped.
      } finally {
        trace.disable();
        propagation.disable();
        context.disable();
      }
    },
  };
}

/** The SDK with the configured exporter behind a bounded, counted batch processor. */
export async function startSdkTracing(settings: Enabled, options: TracingOptions): Promise<TracingHandle> {
  const exporter = await exporterFor(settings);
  const processor = new CountingBatchProcessor(exporter, settings.batch, options.onDropped ?? (() => undefined));
  return registerProvider(options, settings.serviceName, processor);
}
