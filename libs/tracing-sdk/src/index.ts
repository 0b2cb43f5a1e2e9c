/**
 * @skill-service/tracing-sdk — the OpenTelemetry SDK wired for the apps: `startTracing(env)` reads
 * the standard OTEL_* variables and, only when they ask for traces, loads the SDK, the OTLP/HTTP
 * exporter (protobuf or JSON), the W3C propagator and the async context manager. Libraries record
 * spans through `@opentelemetry/api` alone (see `@skill-service/util`'s span helpers).
 */
export { startTracing } from './start-tracing.js';
export { startInMemoryTracing } from './start-in-memory-tracing.js';
export { TRACING_OFF, type InMemoryTracing, type SpanDropReason, type TracingHandle, type TracingOptions } from './tracing-handle.js';
export { tracingSettings, type BatchSettings, type OtlpProtocol, type TracingSettings } from './tracing-settings.js';
