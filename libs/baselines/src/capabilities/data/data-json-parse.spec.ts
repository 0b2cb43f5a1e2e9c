import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { dataJsonParse } from './data-json-parse.js';

describe('data.json.parse', () => {
  it('parses nested documents and reports type and depth', async () => {
    expect(await runChecked(dataJsonParse, { text: '{"order": {"id": 1042, "items": [{"sku": "NB-1", "qty": 2}], "note": null, "tag": "caf\\u00e9 \\"x\\""}}' })).toEqual({
      value: { order: { id: 1042, items: [{ sku: 'NB-1', qty: 2 }], note: null, tag: 'café "x"' } },
      type: 'object',
      depth: 4,
    });
  });

  it('parses every kind of JSON value', async () => {
    expect(await runChecked(dataJsonParse, { text: ' [1, 2.5, -3e2] ' })).toEqual({ value: [1, 2.5, -300], type: 'array', depth: 1 });
    expect(await runChecked(dataJsonParse, { text: '"plain"' })).toEqual({ value: 'plain', type: 'string', depth: 0 });
    expect(await runChecked(dataJsonParse, { text: 'null' })).toEqual({ value: null, type: 'null', depth: 0 });
    expect(await runChecked(dataJsonParse, { text: 'true' })).toEqual({ value: true, type: 'boolean', depth: 0 });
  });

  it('keeps a "__proto__" key as plain data', async () => {
    const output = await runChecked(dataJsonParse, { text: '{"__proto__": {"polluted": true}}' });
    expect(Object.keys(output['value'] as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('ignores brackets inside strings when measuring depth', async () => {
    expect((await runChecked(dataJsonParse, { text: '{"a": "[[[[{{{{", "b": "\\\\\\"[["}' }))['depth']).toBe(1);
  });

  it.each([
    ['a syntax error', '{"a": 1,}', /is not valid JSON/],
    ['an empty text', '', /is not valid JSON/],
    ['nesting beyond 64 levels', `${'['.repeat(65)}${']'.repeat(65)}`, /nested deeper than 64 levels/],
    ['10,000 levels of nesting', '{"a":'.repeat(10_000), /nested deeper than 64 levels/],
  ])('refuses %s with invalid_request', async (_case, text, message) => {
    await expect(dataJsonParse.run({ text })).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) as unknown });
  });
});
