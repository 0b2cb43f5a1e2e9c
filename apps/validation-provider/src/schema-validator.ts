/** A document checked against a schema: both are JSON objects (the request contract). */
export interface ValidationInput {
  readonly data: Record<string, unknown>;
  readonly schema: Record<string, unknown>;
}

/**
 * What a validator concluded: a verdict with readable error strings, or a schema that cannot be
 * used at all (→ 400). Execution failures are thrown instead (→ 504).
 */
export type ValidationOutcome =
  | { readonly kind: 'result'; readonly valid: boolean; readonly errors: readonly string[] }
  | { readonly kind: 'invalid_schema'; readonly message: string };

/**
 * The port `/validate` runs through: the ajv worker pool (real variant), the mock's checks, or a
 * test double. `signal` aborts when the time budget is spent or the client went away; an
 * implementation should stop work then (the app answers 504 either way).
 */
export interface SchemaValidator {
  validate(input: ValidationInput, signal: AbortSignal): Promise<ValidationOutcome>;
  close(): Promise<void>;
}

/** A validation that could not run to a verdict (crash, stack overflow, memory limit): 504. */
export class ValidationExecutionError extends Error {
  override readonly name = 'ValidationExecutionError';
}
