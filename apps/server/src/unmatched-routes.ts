import { NotFoundError, ServiceError } from '@skill-service/contracts';
import type { RequestHandler } from 'express';

/** 405 for a known path asked with another method, naming the allowed ones. */
export function methodNotAllowed(allowed: readonly string[]): RequestHandler {
  const allow = allowed.join(', ');
  return (req, res, next) => {
    res.set('Allow', allow);
    next(new ServiceError('method_not_allowed', `Method ${req.method} is not allowed here; allowed: ${allow}`));
  };
}

/** Any other path. Only an admin gets this far (AccessControl.unmatched runs first, so the route table is not revealed to lower roles). */
export const routeNotFound: RequestHandler = (_req, _res, next) => {
  next(new NotFoundError('Route not found'));
};
