import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

/** Why a span was not exported. */
export type SpanDropReason = 'queue_full' | 'export_failed';

export interface TracingOptions {
  /** `service.name` when OTEL_SERVICE_NAME is not set. */
  readonly serviceName: string;
  readonly serviceVersion: string;
  /** Called for spans that will never reach the collector (the app counts them in a metric). */
  readonly onDropped?: (reason: SpanDropReason, count: number) => void;
}

/** The process's tracing, started by `startTracing`. */
export interface TracingHandle {
  readonly enabled: boolean;
  /** Exports what is queued (bounded by the export timeout), then stops; a no-op when off. */
  shutdown(): Promise<void>;
}

export const TRACING_OFF: TracingHandle = { enabled: false, shutdown: async () => undefined };

/** Tracing into memory, for specs that assert span trees. */
export interface InMemoryTracing extends TracingHandle {
  /** Every span ended so far. */
  spans(): ReadableSpan[];
  reset(): void;
}
