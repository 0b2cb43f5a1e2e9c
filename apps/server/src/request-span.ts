import { contextWithSpan, extractCarrier, markSpanFailed, SPAN_ATTRIBUTES, startSpan, withTraceContext, type TraceContext } from '@skill-service/util';
import type { RequestHandler, Response } from 'express';
import { traceIdOrNull } from './request-trace.js';
import { routeTemplateOf } from './route-template.js';

interface SpanLocals {
  traceContext?: TraceContext;
}

/**
 * The HTTP server span of every request (OpenTelemetry's HTTP conventions: `POST /v1/skills/{skill_id}/execute`,
 * method, route template, status), continuing an incoming W3C `traceparent` (a malformed one starts
 * a new trace, as W3C asks: the request itself never fails for it). The contract's trace id is
 * recorded on it once the answer is over. With tracing off the span is the API's no-op one and
 * nothing more is done.
 */
export const traceRequests: RequestHandler = (req, res, next) => {
  const parent = extractCarrier({ traceparent: req.get('traceparent'), tracestate: req.get('tracestate') });
  const span = startSpan(req.method, { kind: 'server', parent, attributes: { [SPAN_ATTRIBUTES.httpMethod]: req.method, [SPAN_ATTRIBUTES.urlScheme]: req.protocol } });
  if (!span.isRecording()) {
    next();
    return;
  }
  const context = contextWithSpan(parent, span);
  (res.locals as SpanLocals).traceContext = context;
  res.once('close', () => {
    const route = routeTemplateOf(res);
    if (route !== undefined) {
      span.updateName(`${req.method} ${route}`);
      span.setAttribute(SPAN_ATTRIBUTES.httpRoute, route);
    }
    span.setAttribute(SPAN_ATTRIBUTES.httpStatus, res.statusCode);
    const traceId = traceIdOrNull(res);
    if (traceId !== null) span.setAttribute(SPAN_ATTRIBUTES.traceId, traceId);
    if (res.statusCode >= 500) markSpanFailed(span, String(res.statusCode));
    span.end();
  });
  withTraceContext(context, next);
};

/**
 * A route handler run inside its request's span: middleware before it (the body parser) resumes
 * from stream callbacks, which do not carry the request's context.
 */
export function inRequestSpan(handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const context = (res.locals as SpanLocals).traceContext;
    return context === undefined ? handler(req, res, next) : withTraceContext(context, () => handler(req, res, next));
  };
}

/** The request span's context (undefined with tracing off). */
export function requestTraceContext(res: Response): TraceContext | undefined {
  return (res.locals as SpanLocals).traceContext;
}
