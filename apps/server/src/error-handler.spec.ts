import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { errorHandler } from './error-handler.js';
import { resolveTrace } from './request-trace.js';

function appThrowing(error: unknown, lines: string[]) {
  const app = express();
  app.use(resolveTrace);
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler(1024, (line) => lines.push(line)));
  return app;
}

describe('errorHandler', () => {
  it('answers an unexpected error 500 with the fixed message, and logs it with its cause and trace id', async () => {
    const lines: string[] = [];
    const failure = new Error('reading /srv/secret/config.yaml failed', { cause: new Error('EACCES') });
    const response = await request(appThrowing(failure, lines)).get('/boom').set('x-trace-id', 'oops-1').expect(500);
    expect(response.body).toEqual({ error: { code: 'internal_error', message: 'Internal server error.', type: 'InternalError' }, trace_id: 'oops-1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^internal error \(trace oops-1\): Error: reading \/srv\/secret\/config.yaml failed/);
    expect(lines[0]).toContain('caused by: Error: EACCES');
  });

  it('does not log errors the service raised on purpose', async () => {
    const lines: string[] = [];
    const notJson = Object.assign(new Error('Unexpected token'), { type: 'entity.parse.failed', status: 400 });
    await request(appThrowing(notJson, lines)).get('/boom').expect(400);
    expect(lines).toEqual([]);
  });
});
