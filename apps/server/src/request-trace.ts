import { randomUUID } from 'node:crypto';
import { InvalidRequestError, SkillExecuteRequest } from '@skill-service/contracts';
import { activeTraceUuid } from '@skill-service/util';
import type { RequestHandler, Response } from 'express';

type TraceSource = 'header' | 'traceparent' | 'generated' | 'body';

interface TraceLocals {
  traceId?: string;
  traceSource?: TraceSource;
  includeTrace?: boolean;
}

// version-traceid-parentid-flags; version ff and an all-zero trace id are invalid (W3C Trace Context).
const TRACEPARENT = /^(?!ff)[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;
// The same rule as the body's trace_id, so both carriers accept the same ids.
const TRACE_ID = SkillExecuteRequest.shape.trace_id.unwrap();

const locals = (res: Response): TraceLocals => res.locals as TraceLocals;

function traceparentId(header: string | undefined): string | undefined {
  const match = header === undefined ? null : TRACEPARENT.exec(header.trim().toLowerCase());
  const id = match?.[1];
  return id === undefined || /^0+$/.test(id) ? undefined : id;
}

/** A fresh contract trace id: the request span's trace id when tracing records one, so both name the same trace. */
const freshTraceId = (): string => activeTraceUuid() ?? randomUUID();

function setTrace(res: Response, traceId: string, source: TraceSource): void {
  locals(res).traceId = traceId;
  locals(res).traceSource = source;
  res.set('x-trace-id', traceId);
}

/**
 * Resolves the trace id before anything can fail, so every answer carries one: the `x-trace-id`
 * header, else W3C `traceparent`'s trace id, else a fresh UUID. A malformed `x-trace-id` is a 400
 * (answered under a fresh id); a malformed `traceparent` is ignored, as W3C asks. A body's
 * `trace_id` is adopted later by `adoptBodyTraceId`, ranking between the two headers.
 */
export const resolveTrace: RequestHandler = (req, res, next) => {
  const header = req.get('x-trace-id');
  if (header !== undefined) {
    if (TRACE_ID.safeParse(header).success) {
      setTrace(res, header, 'header');
      next();
      return;
    }
    setTrace(res, freshTraceId(), 'generated');
    next(new InvalidRequestError('x-trace-id must be 1 to 128 printable ASCII characters without spaces'));
    return;
  }
  const fromParent = traceparentId(req.get('traceparent'));
  if (fromParent === undefined) setTrace(res, freshTraceId(), 'generated');
  else setTrace(res, fromParent, 'traceparent');
  next();
};

/** The request's trace id once its body is parsed: a body `trace_id` wins unless the header gave one. */
export function adoptBodyTraceId(res: Response, bodyTraceId: string | undefined): string {
  if (bodyTraceId !== undefined && locals(res).traceSource !== 'header') setTrace(res, bodyTraceId, 'body');
  return traceIdOf(res);
}

export function traceIdOf(res: Response): string {
  const traceId = locals(res).traceId;
  if (traceId === undefined) throw new Error('resolveTrace did not run before this handler');
  return traceId;
}

/** A failing run's events go into the error answer when the request asked for include_trace. */
export function requestIncludeTrace(res: Response, includeTrace: boolean | undefined): void {
  locals(res).includeTrace = includeTrace === true;
}

export function includeTraceOf(res: Response): boolean {
  return locals(res).includeTrace === true;
}

/** For the error handler: null only if a failure came before resolveTrace, which runs first. */
export function traceIdOrNull(res: Response): string | null {
  return locals(res).traceId ?? null;
}
