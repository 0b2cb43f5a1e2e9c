import { ERROR_TAXONOMY, type ErrorCode } from './error-taxonomy.js';

export interface ServiceErrorOptions {
  /** Field-level problems (e.g. every bad input), rendered as `error.details`. */
  details?: unknown;
  /** A short remediation text, rendered as `error.hint`. */
  hint?: string;
  /** The underlying error; never rendered, kept for logs and root-cause mapping. */
  cause?: unknown;
}

/**
 * The base of every error the service raises on purpose. Its `code` decides the HTTP status and
 * the payload `type`; anything that is not a ServiceError is rendered as `internal_error`.
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  readonly hint?: string;

  constructor(code: ErrorCode, message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = ERROR_TAXONOMY[code].type;
    this.code = code;
    if (options.details !== undefined) this.details = options.details;
    if (options.hint !== undefined) this.hint = options.hint;
  }

  get status(): number {
    return ERROR_TAXONOMY[this.code].status;
  }
}

// Named classes for the codes raised from more than one place; others use ServiceError directly.
export class InvalidRequestError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super('invalid_request', message, options);
  }
}

export class NotFoundError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super('not_found', message, options);
  }
}

export class InvalidConfigurationError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super('invalid_configuration', message, options);
  }
}

export class UpstreamFailureError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super('upstream_failure', message, options);
  }
}

export class UpstreamTimeoutError extends ServiceError {
  constructor(message: string, options?: ServiceErrorOptions) {
    super('upstream_timeout', message, options);
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}
