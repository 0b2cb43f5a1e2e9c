import { ServiceError } from '@skill-service/contracts';
import express, { type Request, type RequestHandler } from 'express';

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return req.get('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
}

/**
 * JSON bodies of POST routes. No body at all reads as `{}` (the route's schema then says what is
 * missing); a body in another media type is a 415; the parser's own failures (bad JSON 400, over
 * the limit 413) reach the error handler. Any JSON value is parsed, so the schema names the problem.
 */
export function jsonBody(limitBytes: number): RequestHandler {
  const parse = express.json({ limit: limitBytes, strict: false, type: () => true });
  return (req, res, next) => {
    if (!hasBody(req)) {
      req.body = {};
      next();
      return;
    }
    if (req.is(['application/json', '+json']) === false) {
      next(new ServiceError('unsupported_media_type', 'The request body must be application/json'));
      return;
    }
    parse(req, res, next);
  };
}
