import type { ErrorRequestHandler, RequestHandler } from 'express';

/** Any other path or method: 404 with an empty body (the provider's documented rule), never an HTML page. */
export const notFound: RequestHandler = (_req, res) => {
  res.status(404).end();
};

interface BodyParserError {
  status?: unknown;
  type?: unknown;
  expose?: unknown;
  message?: unknown;
}

/**
 * Errors that escaped a route, as `{error}` JSON: body-parser's (bad JSON → 400, too large → 413,
 * any other 4xx → 400 so the declared statuses hold) and anything unexpected → 504, the contract's
 * status for an execution error. No stack, no internals.
 */
export function jsonErrors(bodyLimitBytes: number): ErrorRequestHandler {
  return (error: BodyParserError, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status = typeof error.status === 'number' ? error.status : 500;
    if (status === 413 || error.type === 'entity.too.large') {
      res.status(413).json({ error: `request body is larger than ${bodyLimitBytes} bytes` });
    } else if (error.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'request body is not valid JSON' });
    } else if (status >= 400 && status < 500) {
      const message = error.expose === true && typeof error.message === 'string' ? error.message : 'bad request';
      res.status(400).json({ error: message });
    } else {
      res.status(504).json({ error: 'validation failed: internal error' });
    }
  };
}
