import { errorAnswer } from '@skill-service/service';
import type { ErrorRequestHandler } from 'express';
import { includeTraceOf, traceIdOrNull } from './request-trace.js';
import { fromTransportError } from './transport-error.js';

export type ServerLog = (line: string) => void;

/** An unexpected error and its causes, for the operator's log only. */
function describeForLog(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth += 1) {
    parts.push(current instanceof Error ? (current.stack ?? current.message) : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join('\ncaused by: ');
}

/**
 * The one place an error becomes an answer: the shared mapping (status, `{error, trace_id}`,
 * events when include_trace was asked), so no stack or path ever reaches a client. Internal
 * errors are logged with the trace id for the operator.
 */
export function errorHandler(bodyLimitBytes: number, log: ServerLog): ErrorRequestHandler {
  // Express recognises an error handler by its four parameters, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  return (raw: unknown, _req, res, _next) => {
    const error = fromTransportError(raw, bodyLimitBytes);
    const traceId = traceIdOrNull(res);
    const answer = errorAnswer(error, traceId, { includeTrace: includeTraceOf(res) });
    if (answer.body.error.code === 'internal_error') log(`internal error (trace ${traceId ?? 'none'}): ${describeForLog(error)}`);
    // Too late for an error answer (a stream already started): drop the connection.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(answer.status).json(answer.body);
  };
}
