import { describe, expect, it } from '@jest/globals';
import express, { type Express } from 'express';
import request from 'supertest';
import { answerJsonDirectly } from './json-response.js';

const BODIES: Record<string, unknown> = {
  object: { skill_id: 'data.normalize-signup', outputs: { name: 'Lena Berg', age: 34, ok: true, none: null } },
  unicode: { text: 'Grüße, 東京 — ☃ \u2028' },
  large: { items: Array.from({ length: 300 }, (_, index) => ({ index, label: `item ${index}` })) },
  list: [1, 'two', { three: 3 }],
  scalar: 'just a string',
  empty: {},
};

function appOf(direct: boolean): Express {
  const app = express();
  app.set('etag', false);
  if (direct) answerJsonDirectly(app);
  app.get('/json/:kind', (req, res) => {
    res.status(req.query['status'] === undefined ? 200 : Number(req.query['status'])).json(BODIES[req.params['kind'] ?? '']);
  });
  app.get('/typed', (_req, res) => {
    res.type('application/problem+json').json({ title: 'typed' });
  });
  app.get('/nothing', (_req, res) => {
    res.json(undefined);
  });
  return app;
}

async function answer(app: Express, method: 'get' | 'head', path: string) {
  const response = await request(app)[method](path);
  return {
    status: response.status,
    type: response.headers['content-type'],
    length: response.headers['content-length'],
    body: response.text,
  };
}

describe('answerJsonDirectly', () => {
  it("answers exactly what Express's own res.json answers", async () => {
    const paths = [...Object.keys(BODIES).map((kind) => `/json/${kind}`), '/json/object?status=404', '/json/object?status=204', '/typed', '/nothing'];
    for (const path of paths) {
      for (const method of ['get', 'head'] as const) {
        const ours = await answer(appOf(true), method, path);
        const theirs = await answer(appOf(false), method, path);
        expect({ path, method, ...ours }).toEqual({ path, method, ...theirs });
      }
    }
  });

  it('writes the JSON text with its byte length and the utf-8 JSON type', async () => {
    const response = await request(appOf(true)).get('/json/unicode').expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(BODIES['unicode'])));
    expect(response.body).toEqual(BODIES['unicode']);
  });
});
