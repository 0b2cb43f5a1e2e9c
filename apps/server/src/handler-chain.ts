import type { NextFunction, RequestHandler } from 'express';

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * Handlers run in turn as one Express handler: a handler's `next()` calls the one after it, and
 * anything it passes to `next` (an error, `'route'`, `'router'`) leaves the chain for Express's own
 * `next`, as does the end of the chain. A throw or a rejected promise is passed on as an error, as
 * Express does for every handler it calls. One routing layer instead of one per handler: each layer
 * costs Express's router a step of its own on every request.
 */
export function handlerChain(handlers: readonly RequestHandler[]): RequestHandler {
  const [only] = handlers;
  if (handlers.length === 1 && only !== undefined) return only;
  return (req, res, done) => {
    let index = 0;
    const next = ((signal?: unknown): void => {
      if (signal) {
        done(signal);
        return;
      }
      const handler = handlers[index];
      index += 1;
      if (handler === undefined) {
        done();
        return;
      }
      try {
        const returned: unknown = handler(req, res, next);
        if (isThenable(returned)) returned.then(undefined, (error: unknown) => done(error ?? new Error('Rejected promise')));
      } catch (error) {
        done(error);
      }
    }) as NextFunction;
    next();
  };
}
