import { NotFoundError, ServiceError } from '@skill-service/contracts';
import type { RequestHandler } from 'express';

/**
 * 405 for a known path asked with another method, naming the allowed ones. It needs no
 * credentials: the path and its methods are public knowledge (/openapi.json lists them), and a
 * client that sends the wrong method learns that before it is asked to authenticate.
 */
export function methodNotAllowed(allowed: readonly string[]): RequestHandler {
  const allow = allowed.join(', ');
  return (req, res, next) => {
    res.set('Allow', allow);
    next(new ServiceError('method_not_allowed', `Method ${req.method} is not allowed here; allowed: ${allow}`));
  };
}

/** Any other path. Only an admin gets this far (AccessControl.unmatched runs first, so the route table is not revealed to lower roles). */
export const routeNotFound: RequestHandler = (_req, _res, next) => {
  next(new NotFoundError('Route not found', { hint: 'GET /openapi.json lists every route of this service' }));
};
