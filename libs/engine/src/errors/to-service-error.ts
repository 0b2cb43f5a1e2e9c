import { InvalidRequestError, ServiceError, isServiceError } from '@skill-service/contracts';
import { ExpressionError } from '@skill-service/skill-language';

/**
 * Gives any failure inside a run a contract code: service errors keep theirs, expression errors
 * are the request's fault (400), anything else is an engine bug (500, message kept internal).
 */
export function toServiceError(error: unknown): ServiceError {
  if (isServiceError(error)) return error;
  if (error instanceof ExpressionError) return new InvalidRequestError(error.message, { cause: error });
  return new ServiceError('internal_error', 'Internal error while executing the step', { cause: error });
}
