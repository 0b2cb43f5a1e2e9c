import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { dataSchemaValidate } from './data-schema-validate.js';

const CONTACT = {
  type: 'object',
  required: ['id', 'name'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    tags: { type: 'array', uniqueItems: true },
    kind: { enum: ['person', 'company'] },
  },
};

describe('data.schema.validate', () => {
  it('lists every problem with the JSON Pointer of the value (draft-07 by default)', async () => {
    expect(await runChecked(dataSchemaValidate, { data: { id: 7, email: 'nope', tags: ['a', 'a'], kind: 'robot', extra: 1 }, schema: CONTACT })).toEqual({
      valid: false,
      errors: [
        "/ must have required property 'name'",
        "/ must NOT have additional property 'extra'",
        '/id must be string',
        '/email must match format "email"',
        '/tags must NOT have duplicate items (items ## 0 and 1 are identical)',
        '/kind must be equal to one of the allowed values: "person", "company"',
      ],
    });
    expect(await runChecked(dataSchemaValidate, { data: { id: 'c1', name: 'Ana', email: 'ana@example.com' }, schema: CONTACT })).toEqual({ valid: true, errors: [] });
  });

  it('treats objects with the same members in another order as duplicates, and 1 as equal to 1.0', async () => {
    const output = await runChecked(dataSchemaValidate, { data: [{ a: 1, b: [2] }, { b: [2], a: 1.0 }], schema: { uniqueItems: true } });
    expect(output['errors']).toEqual(['/ must NOT have duplicate items (items ## 0 and 1 are identical)']);
  });

  it('follows $schema: 2020-12 prefixItems and $defs, 2019-09 keywords', async () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'integer' }, { $ref: '#/$defs/code' }],
      $defs: { code: { type: 'string', pattern: '^[A-Z]{3}$' } },
    };
    expect(await runChecked(dataSchemaValidate, { data: [1, 'EUR'], schema })).toEqual({ valid: true, errors: [] });
    expect(await runChecked(dataSchemaValidate, { data: ['1', 'euro'], schema })).toEqual({
      valid: false,
      errors: ['/0 must be integer', '/1 must match pattern "^[A-Z]{3}$"'],
    });
    const draft2019 = { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object', dependentRequired: { card: ['cvc'] } };
    expect((await runChecked(dataSchemaValidate, { data: { card: '4111' }, schema: draft2019 }))['valid']).toBe(false);
  });

  it('validates an absent value as null', async () => {
    expect(await runChecked(dataSchemaValidate, { schema: { type: 'null' } })).toEqual({ valid: true, errors: [] });
  });

  it('runs patterns on a linear-time engine: (a+)+$ on a long non-matching string answers at once', async () => {
    const started = Date.now();
    expect(await runChecked(dataSchemaValidate, { data: `${'a'.repeat(100_000)}!`, schema: { type: 'string', pattern: '^(a+)+$' } })).toEqual({
      valid: false,
      errors: ['/ must match pattern "^(a+)+$"'],
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('validates 40,000 distinct objects for uniqueItems in linear time', async () => {
    const started = Date.now();
    const data = Array.from({ length: 40_000 }, (_, index) => ({ index }));
    expect(await runChecked(dataSchemaValidate, { data, schema: { type: 'array', uniqueItems: true } })).toEqual({ valid: true, errors: [] });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('keeps one call\'s $id schemas away from the next call', async () => {
    const first = { $id: 'https://example.com/a', type: 'string' };
    expect((await runChecked(dataSchemaValidate, { data: 'x', schema: first }))['valid']).toBe(true);
    await expect(dataSchemaValidate.run({ data: 'x', schema: { $ref: 'https://example.com/a' } })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it.each([
    ['an unknown $schema', { $schema: 'http://json-schema.org/draft-04/schema#' }, /unsupported \$schema/],
    ['a malformed keyword', { type: 'strin' }, /is not a valid schema/],
    ['an invalid pattern', { pattern: '(' }, /is not a valid schema/],
    ['a backreference', { pattern: '(a)\\1' }, /backreferences are not supported/],
    ['a lookahead', { pattern: '(?=a)' }, /lookahead and lookbehind are not supported/],
    ['a remote $ref', { $ref: 'https://example.com/schema.json' }, /is not a valid schema/],
    ['$async', { $async: true, type: 'object' }, /\$async/],
    ['more than 2,000 schema values', { enum: Array.from({ length: 2_001 }, (_, index) => index) }, /more than 2000 values/],
  ])('refuses %s with invalid_request', async (_case, schema, message) => {
    await expect(dataSchemaValidate.run({ data: 1, schema })).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) as unknown });
  });

  it('refuses schema and data that are too large together, and says how to proceed', async () => {
    const schema = { type: 'array', items: { anyOf: Array.from({ length: 300 }, (_, index) => ({ const: index })) } };
    await expect(dataSchemaValidate.run({ data: Array.from({ length: 20_000 }, () => 1), schema })).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('validate the records one by one') as unknown,
    });
  });

  it('refuses a schema of 150,000 keys with 400, and checks data of 150,000 keys, never overflowing the stack', async () => {
    const wide = Object.fromEntries(Array.from({ length: 150_000 }, (_, index) => [`k${index}`, { type: 'string' }]));
    await expect(runChecked(dataSchemaValidate, { data: {}, schema: { type: 'object', properties: wide } })).rejects.toMatchObject({ code: 'invalid_request', status: 400 });
    const data = Object.fromEntries(Array.from({ length: 150_000 }, (_, index) => [`k${index}`, index]));
    const answer = await runChecked(dataSchemaValidate, { data, schema: { type: 'object', additionalProperties: { type: 'number' } } }).catch((error: unknown) => error);
    expect(answer instanceof RangeError).toBe(false);
    if (answer instanceof Error) expect(answer).toMatchObject({ code: 'invalid_request', status: 400 });
    else expect(answer).toEqual({ valid: true, errors: [] });
  });
});
