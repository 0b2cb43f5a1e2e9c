/** `syntax`: lexing or parsing failed; `limit`: too long or too deep; `evaluation`: a bad operand at run time. */
export type ExpressionErrorReason = 'syntax' | 'limit' | 'evaluation';

export interface ExpressionErrorOptions {
  readonly expression: string;
  readonly reason: ExpressionErrorReason;
  readonly position?: number;
  readonly cause?: unknown;
}

/**
 * The only error the expression language throws. `code` is the service error code a caller reports
 * by default; a loader that finds a bad expression in a skill file may report it as a configuration
 * error instead.
 */
export class ExpressionError extends Error {
  override name = 'ExpressionError';
  readonly code = 'invalid_request';
  readonly reason: ExpressionErrorReason;
  readonly expression: string;
  /** Zero-based index into `expression` of the offending character or operator, when known. */
  readonly position?: number;

  constructor(message: string, options: ExpressionErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.reason = options.reason;
    this.expression = options.expression;
    if (options.position !== undefined) this.position = options.position;
  }
}

/** Keeps the "only ExpressionError escapes" promise even if a bug or an exotic scope value throws. */
export function toExpressionError(error: unknown, expression: string, reason: ExpressionErrorReason): ExpressionError {
  if (error instanceof ExpressionError) return error;
  const detail = error instanceof Error ? error.message : 'unknown failure';
  return new ExpressionError(`expression failed: ${detail}`, { expression, reason, cause: error });
}
