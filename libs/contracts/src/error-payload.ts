import { z } from 'zod';
import { ERROR_CODES, ERROR_TAXONOMY, type ErrorCode } from './error-taxonomy.js';
import { sanitizeMessage } from './sanitize-message.js';
import { isServiceError } from './service-error.js';
import { StreamEvent } from './stream-event.js';

export const FieldProblem = z
  .object({
    path: z.string().describe('Dotted location of the bad field, e.g. `inputs.text`'),
    message: z.string(),
  })
  .meta({ id: 'FieldProblem' });
export type FieldProblem = z.infer<typeof FieldProblem>;

export const ErrorPayload = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      type: z.string(),
      details: z.unknown().optional(),
      hint: z.string().optional(),
    }),
    trace_id: z.string().nullable(),
    events: z.array(StreamEvent).optional().describe('The run\'s events, when include_trace was requested'),
  })
  .meta({ id: 'ErrorPayload', description: 'Every error answer of the HTTP surface and the tool bridge.' });
export type ErrorPayload = z.infer<typeof ErrorPayload>;

/** The status an error is answered with: its code's status, 500 for anything unexpected. */
export function httpStatusOf(error: unknown): number {
  return isServiceError(error) ? ERROR_TAXONOMY[error.code].status : 500;
}

/**
 * The single mapping from any thrown value to the contract's error payload. Unexpected errors
 * become a fixed `internal_error` message: stacks and internal text never reach a client.
 */
export function toErrorPayload(error: unknown, traceId: string | null): ErrorPayload {
  if (!isServiceError(error)) {
    return {
      error: { code: 'internal_error', message: 'Internal server error.', type: ERROR_TAXONOMY.internal_error.type },
      trace_id: traceId,
    };
  }
  const body: ErrorPayload['error'] = {
    code: error.code,
    message: sanitizeMessage(error.message),
    type: ERROR_TAXONOMY[error.code].type,
  };
  if (error.details !== undefined) body.details = error.details;
  if (error.hint !== undefined) body.hint = error.hint;
  return { error: body, trace_id: traceId };
}
