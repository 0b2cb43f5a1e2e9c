import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { AjvWorkerPool } from './ajv-worker-pool.js';
import { createValidationApp, type ValidationApp } from './app.js';
import { MOCK_UNSUPPORTED_SCHEMA } from './mock-validator.js';
import { ValidationExecutionError, type SchemaValidator } from './schema-validator.js';

const apps: ValidationApp[] = [];
function appWith(options: Parameters<typeof createValidationApp>[0] = {}): ValidationApp {
  const app = createValidationApp(options);
  apps.push(app);
  return app;
}
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

const person = {
  type: 'object',
  required: ['name', 'age'],
  properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 }, email: { type: 'string', format: 'email' } },
};

describe('validation provider (real variant)', () => {
  const app = appWith();
  const validate = (body: unknown) => request(app).post('/validate').send(body as object);

  it('answers GET /health', async () => {
    const res = await request(app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves its OpenAPI description declaring 200, 400, 404 and 504', async () => {
    const res = await request(app).get('/openapi.json');
    expect(res.status).toBe(200);
    const responses = (res.body as { paths: Record<string, { post?: { responses: Record<string, unknown> } }> }).paths['/validate']?.post?.responses;
    expect(Object.keys(responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404', '413', '504']));
  });

  it('accepts a valid document', async () => {
    const res = await validate({ data: { name: 'John', age: 30, email: 'john@example.com' }, schema: person });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true, errors: [] });
  });

  it('lists every problem of an invalid document as readable strings', async () => {
    const res = await validate({ data: { name: 7, extra: true }, schema: { ...person, additionalProperties: false } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: false,
      errors: ["/ must have required property 'age'", "/ must NOT have additional property 'extra'", '/name must be string'],
    });
  });

  it('checks formats', async () => {
    const res = await validate({ data: { name: 'x', age: 1, email: 'not-an-email' }, schema: person });
    expect(res.body).toEqual({ valid: false, errors: ['/email must match format "email"'] });
  });

  it('does not take booleans for integers (JSON true is not the number 1)', async () => {
    const res = await validate({ data: { name: 'x', age: true }, schema: person });
    expect(res.body).toEqual({ valid: false, errors: ['/age must be integer'] });
  });

  it('uses draft-07 by default and 2020-12 when $schema says so', async () => {
    const schema = { type: 'object', properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] } } };
    const data = { pair: [1, 'x'] };
    // draft-07 has no prefixItems: an unknown keyword, ignored (strict: false).
    expect((await validate({ data, schema })).body).toEqual({ valid: true, errors: [] });
    const modern = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...schema };
    expect((await validate({ data, schema: modern })).body).toEqual({ valid: false, errors: ['/pair/0 must be string', '/pair/1 must be integer'] });
  });

  it('supports 2019-09 too', async () => {
    const schema = { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object', properties: { a: {} }, unevaluatedProperties: false };
    expect((await validate({ data: { a: 1, b: 2 }, schema })).body).toEqual({ valid: false, errors: ["/ must NOT have unevaluated property 'b'"] });
  });

  it('answers 400 for an invalid schema', async () => {
    const res = await validate({ data: {}, schema: { type: 'nope' } });
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toMatch(/^invalid schema: schema is invalid: data\/type must be equal to one of the allowed values/);
  });

  it('answers 400 for an unresolvable $ref and an unsupported $schema, fetching nothing', async () => {
    const remote = await validate({ data: {}, schema: { $ref: 'https://example.com/schema.json' } });
    expect(remote.status).toBe(400);
    expect(remote.body).toEqual({ error: "invalid schema: can't resolve reference https://example.com/schema.json from id #" });
    const old = await validate({ data: {}, schema: { $schema: 'http://json-schema.org/draft-04/schema#' } });
    expect(old.status).toBe(400);
    expect((old.body as { error: string }).error).toContain('invalid schema: unsupported $schema');
  });

  it('keeps schemas with the same $id of different requests apart', async () => {
    const first = { $id: 'https://schemas.example/person', type: 'object', properties: { name: { type: 'string' } } };
    const second = { $id: 'https://schemas.example/person', type: 'object', properties: { name: { type: 'integer' } } };
    expect((await validate({ data: { name: 'x' }, schema: first })).body).toEqual({ valid: true, errors: [] });
    expect((await validate({ data: { name: 'x' }, schema: second })).body).toEqual({ valid: false, errors: ['/name must be integer'] });
    const reuse = await validate({ data: {}, schema: { $ref: 'https://schemas.example/person' } });
    expect(reuse.status).toBe(400);
  });

  it('caps the error list at 100 plus a count of the rest', async () => {
    const data = { items: Array.from({ length: 150 }, (_, i) => i) };
    const res = await validate({ data, schema: { properties: { items: { items: { type: 'string' } } } } });
    const errors = (res.body as { errors: string[] }).errors;
    expect(errors).toHaveLength(101);
    expect(errors[100]).toBe('(50 more errors not shown)');
  });

  it.each([
    ['data sent as null', { data: null, schema: {} }, 'missing required field: data'],
    ['schema sent as null', { data: {}, schema: null }, 'missing required field: schema'],
    ['both missing', { other: 1 }, 'missing required fields: data, schema'],
    ['data not an object', { data: [1], schema: {} }, 'data must be a JSON object, got an array'],
    ['schema not an object', { data: {}, schema: true }, 'schema must be a JSON object, got a boolean'],
  ])('answers 400 for %s', async (_name, body, error) => {
    const res = await validate(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it.each([
    ['an array', '[1,2]', 'request body must be a JSON object, got an array'],
    ['a string', '"text"', 'request body must be a JSON object, got a string'],
    ['null', 'null', 'request body must be a JSON object, got null'],
    ['malformed JSON', '{"data": ', 'request body is not valid JSON'],
  ])('answers 400 JSON for a body that is %s', async (_name, body, error) => {
    const res = await request(app).post('/validate').set('content-type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error });
  });

  it('answers 400 for an empty body, and reads JSON whatever the content type says', async () => {
    expect((await request(app).post('/validate')).status).toBe(400);
    const form = await request(app).post('/validate').set('content-type', 'text/plain').send(JSON.stringify({ data: {}, schema: {} }));
    expect(form.body).toEqual({ valid: true, errors: [] });
  });

  it('answers 413 with a JSON error for a body above 1 MiB', async () => {
    const res = await validate({ data: { blob: 'x'.repeat(1024 * 1024) }, schema: {} });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'request body is larger than 1048576 bytes' });
  });

  it.each([
    ['GET', '/x'],
    ['PUT', '/validate'],
    ['GET', '/validate'],
    ['POST', '/other'],
    ['DELETE', '/health'],
    ['OPTIONS', '/validate'],
  ] as const)('answers %s %s with 404 and an empty body', async (method, path) => {
    const res = await request(app)[method.toLowerCase() as 'get'](path);
    expect(res.status).toBe(404);
    expect(res.text).toBe('');
    expect(res.headers['content-length']).toBe('0');
  });

  it('answers 504 when validation itself fails (here: endless $ref recursion)', async () => {
    const res = await validate({ data: {}, schema: { $ref: '#' } });
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ error: 'validation failed: Maximum call stack size exceeded' });
  });
});

describe('validation provider time budget', () => {
  const never: SchemaValidator = { validate: () => new Promise(() => undefined), close: async () => undefined };

  it('answers 504 when the validator exceeds the budget', async () => {
    const res = await request(appWith({ validator: never, timeoutMs: 50 })).post('/validate').send({ data: {}, schema: {} });
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ error: 'validation exceeded the time budget of 50 ms' });
  });

  it('answers 504 when the validator throws', async () => {
    const crashing: SchemaValidator = { validate: () => Promise.reject(new ValidationExecutionError('worker died')), close: async () => undefined };
    const res = await request(appWith({ validator: crashing })).post('/validate').send({ data: {}, schema: {} });
    expect(res.body).toEqual({ error: 'validation failed: worker died' });
    const internal: SchemaValidator = { validate: () => Promise.reject(new Error('/secret/path')), close: async () => undefined };
    const hidden = await request(appWith({ validator: internal })).post('/validate').send({ data: {}, schema: {} });
    expect(hidden.status).toBe(504);
    expect(hidden.body).toEqual({ error: 'validation failed: internal error' });
  });

  it('stops a runaway ajv validation (catastrophic pattern) at the budget and keeps serving', async () => {
    const pool = new AjvWorkerPool({ size: 2 });
    // Warm both workers so the budget below measures validation, not thread start-up.
    const warm = { data: { a: 'x' }, schema: { properties: { a: { type: 'string' } } } };
    await Promise.all([0, 1].map(() => pool.validate(warm, AbortSignal.timeout(10_000))));
    const app = appWith({ validator: pool, timeoutMs: 300 });
    const started = performance.now();
    const redos = { data: { s: `${'a'.repeat(40)}!` }, schema: { properties: { s: { type: 'string', pattern: '^(a+)+$' } } } };
    const res = await request(app).post('/validate').send(redos);
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ error: 'validation exceeded the time budget of 300 ms' });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((await request(app).post('/validate').send(warm)).body).toEqual({ valid: true, errors: [] });
  });
});

describe('validation provider (mock variant)', () => {
  const app = appWith({ mock: true });

  it('checks only the schema type, as the mock variant promises', async () => {
    const ignoresRequired = await request(app).post('/validate').send({ data: { name: 'John' }, schema: { required: ['x'] } });
    expect(ignoresRequired.body).toEqual({ valid: true, errors: [] });
    const typed = await request(app).post('/validate').send({ data: { name: 'John' }, schema: { type: 'object' } });
    expect(typed.body).toEqual({ valid: true, errors: [] });
    const other = await request(app).post('/validate').send({ data: { name: 'John' }, schema: { type: 'string' } });
    expect(other.body).toEqual({ valid: false, errors: [MOCK_UNSUPPORTED_SCHEMA] });
  });

  it('answers 400 for bad requests instead of dropping the connection', async () => {
    expect((await request(app).post('/validate').send({ data: 'text', schema: {} })).body).toEqual({ error: 'data must be a JSON object, got a string' });
    const res = await request(app).post('/validate').set('content-type', 'application/json').send('[]');
    expect(res.status).toBe(400);
  });

  it('describes itself as the mock with its 5 s budget', async () => {
    const res = await request(app).get('/openapi.json');
    expect(JSON.stringify(res.body)).toContain('(5000 ms)');
    expect((await request(app).get('/nope')).status).toBe(404);
  });
});
