import { context, propagation, ROOT_CONTEXT, trace, type Context } from '@opentelemetry/api';

/** A W3C Trace Context carrier: `traceparent` (and `tracestate` when there is one). */
export type TraceCarrier = Record<string, string>;

/**
 * The context (by default the active one) as a W3C carrier, to cross a boundary where the
 * active context does not follow (a job queue, another process). Empty when tracing is off.
 */
export function injectCarrier(from: Context = context.active()): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagation.inject(from, carrier);
  return carrier;
}

/**
 * The context a carrier describes, over `base` (default: the root context, so the carrier's trace
 * is continued rather than the caller's). A missing or malformed `traceparent` yields `base`
 * unchanged: work under it starts a new trace, and nothing fails.
 */
export function extractCarrier(carrier: Readonly<Record<string, unknown>> | undefined, base: Context = ROOT_CONTEXT): Context {
  if (carrier === undefined) return base;
  const strings: TraceCarrier = {};
  for (const [name, value] of Object.entries(carrier)) if (typeof value === 'string') strings[name] = value;
  return propagation.extract(base, strings);
}

/** The `traceparent` of the active span, when tracing is on and a span is active. */
export function activeTraceparent(): string | undefined {
  if (!trace.getSpanContext(context.active())) return undefined;
  return injectCarrier()['traceparent'];
}

/**
 * The active span's trace id spelled as a UUID (`8-4-4-4-12` hex), when tracing records one: a
 * transport that must invent a contract trace id uses it, so the id answered to the client and the
 * exported trace are the same 128 bits.
 */
export function activeTraceUuid(): string | undefined {
  const span = trace.getSpan(context.active());
  if (span === undefined || !span.isRecording()) return undefined;
  const hex = span.spanContext().traceId;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
