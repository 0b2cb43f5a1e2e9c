import { context, isSpanContextValid, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer, type TracerProvider } from '@opentelemetry/api';
import type { SpanAttributeMap } from './span-attributes.js';
import { SPAN_ATTRIBUTES } from './span-attributes.js';

/** One tracer for the whole service: the API's no-op until an app registers the SDK. */
const TRACER_NAME = 'skill-service';

export type TracedSpan = Span;
export type TraceContext = Context;

export interface SpanOptions {
  readonly kind?: 'internal' | 'server' | 'client';
  readonly attributes?: SpanAttributeMap;
  /** The parent context; the active one when absent. Explicit where work is scheduled from elsewhere. */
  readonly parent?: Context;
}

const KINDS = { internal: SpanKind.INTERNAL, server: SpanKind.SERVER, client: SpanKind.CLIENT } as const;

/** Sets the attributes whose value is defined. */
export function setSpanAttributes(span: Span, attributes: SpanAttributeMap): void {
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) span.setAttribute(name, value);
}

let cached: { provider: TracerProvider; tracer: Tracer } | undefined;

/** The service's tracer, looked up again only when another provider was registered (specs register several). */
function tracer(): Tracer {
  const provider = trace.getTracerProvider();
  if (cached?.provider !== provider) cached = { provider, tracer: provider.getTracer(TRACER_NAME) };
  return cached.tracer;
}

/** A started span (not made active): the caller ends it. */
export function startSpan(name: string, options: SpanOptions = {}): Span {
  const span = tracer().startSpan(name, { kind: KINDS[options.kind ?? 'internal'] }, options.parent ?? context.active());
  if (options.attributes !== undefined && span.isRecording()) setSpanAttributes(span, options.attributes);
  return span;
}

/** Marks a span failed: the status and `error.type` (an error code or an HTTP status), nothing else. */
export function markSpanFailed(span: Span, type: string): void {
  if (!span.isRecording()) return;
  span.setAttribute(SPAN_ATTRIBUTES.errorType, type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}

/**
 * Marks a span failed with the error's code (a ServiceError's `code`, else the error's class name).
 * Messages can quote upstream answers, so they stay out of traces.
 */
export function failSpan(span: Span, error: unknown): void {
  const code = typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
  markSpanFailed(span, code ?? (error instanceof Error ? error.name : 'error'));
}

/**
 * Runs `work` inside a new active span, ended when the work settles; a rejection fails the span
 * (`failSpan`) and is rethrown. With no SDK registered the span is the API's no-op one.
 */
export async function traced<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const span = startSpan(name, options);
  // Tracing off (the API's no-op span, no trace around it): nothing to make active or to end.
  if (!span.isRecording() && !isSpanContextValid(span.spanContext())) return work(span);
  try {
    return await context.with(trace.setSpan(options.parent ?? context.active(), span), () => work(span));
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** The active context, to hand to work that will run from another call stack (queues, pools, loops). */
export function activeTraceContext(): Context {
  return context.active();
}

/** Runs `work` with `parent` as the active context. */
export function withTraceContext<T>(parent: Context, work: () => T): T {
  return context.with(parent, work);
}

/** `fn` bound to the context active now: however it is scheduled later, its spans are children of this one. */
export function bindTraceContext<F extends (...args: never[]) => unknown>(fn: F): F {
  return context.bind(context.active(), fn);
}

/** `parent` with `span` as its active span. */
export function contextWithSpan(parent: Context, span: Span): Context {
  return trace.setSpan(parent, span);
}
