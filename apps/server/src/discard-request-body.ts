import type { RequestHandler } from 'express';

/**
 * For routes that take no body (GET, DELETE): a body some clients send anyway is read and discarded
 * before the route answers, so a client still writing is never cut off by the answer and the close
 * that can follow it (it would see its connection aborted instead of the answer).
 */
export const discardRequestBody: RequestHandler = (req, _res, next) => {
  if (req.readableEnded || (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)) return next();
  req.once('end', () => next());
  req.resume();
};
