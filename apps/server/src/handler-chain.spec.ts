import { describe, expect, it } from '@jest/globals';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { handlerChain } from './handler-chain.js';

const mark =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.locals['seen'] = [...((res.locals['seen'] as string[] | undefined) ?? []), name];
    next();
  };

const answerSeen: RequestHandler = (_req, res) => {
  res.json({ seen: res.locals['seen'] });
};

/** An app whose error handler answers the error's message, and whose later route says it was reached. */
function appWith(chain: RequestHandler): express.Express {
  const app = express();
  app.get('/x', chain);
  app.get('/x', (_req, res) => {
    res.json({ fellThrough: true, seen: res.locals['seen'] });
  });
  const onError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    res.status(500).json({ error: error instanceof Error ? error.message : String(error), seen: res.locals['seen'] });
  };
  app.use(onError);
  return app;
}

describe('handlerChain', () => {
  it('runs the handlers in order, each after the one before calls next', async () => {
    const response = await request(appWith(handlerChain([mark('a'), mark('b'), answerSeen]))).get('/x').expect(200);
    expect(response.body).toEqual({ seen: ['a', 'b'] });
  });

  it('goes on to the next route once every handler has called next', async () => {
    const response = await request(appWith(handlerChain([mark('a'), mark('b')]))).get('/x').expect(200);
    expect(response.body).toEqual({ fellThrough: true, seen: ['a', 'b'] });
  });

  it('leaves the chain for the error handler when a handler passes an error, throws or rejects', async () => {
    const passes: RequestHandler = (_req, _res, next) => next(new Error('passed'));
    const throws: RequestHandler = () => {
      throw new Error('thrown');
    };
    const rejects: RequestHandler = async () => {
      await Promise.resolve();
      throw new Error('rejected');
    };
    for (const [failing, message] of [
      [passes, 'passed'],
      [throws, 'thrown'],
      [rejects, 'rejected'],
    ] as const) {
      const response = await request(appWith(handlerChain([mark('a'), failing, mark('never'), answerSeen]))).get('/x').expect(500);
      expect(response.body).toEqual({ error: message, seen: ['a'] });
    }
  });

  it("skips the rest of the route with next('route')", async () => {
    const skip: RequestHandler = (_req, _res, next) => next('route');
    const response = await request(appWith(handlerChain([mark('a'), skip, mark('never'), answerSeen]))).get('/x').expect(200);
    expect(response.body).toEqual({ fellThrough: true, seen: ['a'] });
  });

  it('continues after a handler that calls next from a callback', async () => {
    const later: RequestHandler = (_req, _res, next) => {
      setImmediate(() => next());
    };
    const response = await request(appWith(handlerChain([mark('a'), later, mark('b'), answerSeen]))).get('/x').expect(200);
    expect(response.body).toEqual({ seen: ['a', 'b'] });
  });
});
