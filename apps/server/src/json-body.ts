import { ServiceError } from '@skill-service/contracts';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { lingerOnClose } from './lingering-close.js';

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return req.get('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
}

/** What body-parser raises past the limit; `fromTransportError` gives it the contract's 413. */
const tooLargeError = (): Error => Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 });

/**
 * The rest of the body is not parsed: the connection cannot carry another request. It closes after
 * the answer, lingering (see lingerOnClose) so that the client still sending reads the 413 rather
 * than a reset; what arrives meanwhile is discarded, never buffered.
 */
function answerTooLarge(req: Request, res: Response, next: NextFunction): void {
  res.set('Connection', 'close');
  lingerOnClose(req.socket);
  res.once('finish', () => req.resume());
  next(tooLargeError());
}

/**
 * JSON bodies of POST routes. No body at all reads as `{}` (the route's schema then says what is
 * missing); a body in another media type is a 415; the parser's own failures (bad JSON 400, over
 * the limit 413) reach the error handler. Any JSON value is parsed, so the schema names the problem.
 *
 * Past the limit (announced by Content-Length, or counted as a body without one arrives) the 413 is
 * answered at once and the connection closed: body-parser alone would first read the whole rest of
 * the body (discarding it), so a 20 MB upload was received to its last byte before its 413.
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
    const length = req.get('content-length');
    if (Number(length) > limitBytes) {
      answerTooLarge(req, res, next);
      return;
    }
    // A body within its announced length cannot pass the limit (Node's parser reads no further, and
    // refuses Content-Length beside Transfer-Encoding): only a body without one needs counting.
    parse(req, res, length === undefined ? limitedReading(req, res, next, limitBytes) : next);
  };
}

/**
 * The parser's callback, passing exactly one outcome on: its own, or a 413 as soon as the counted
 * body passes the limit (its later report of the closed connection is then dropped).
 */
function limitedReading(req: Request, res: Response, next: NextFunction, limitBytes: number): NextFunction {
  let received = 0;
  let settled = false;
  const settle = (): boolean => {
    if (settled) return false;
    settled = true;
    req.off('data', count);
    return true;
  };
  function count(chunk: Buffer): void {
    received += chunk.length;
    if (received > limitBytes && settle()) answerTooLarge(req, res, next);
  }
  // Registered before body-parser's own listener, so it sees each chunk first.
  req.on('data', count);
  return (error?: unknown) => {
    if (settle()) next(error);
  };
}
