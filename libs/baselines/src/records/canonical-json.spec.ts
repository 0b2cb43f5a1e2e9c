import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('is JSON with sorted keys', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: 1.0 })).toBe('{"a":1,"b":[1,{"c":"x","d":null}]}');
  });

  it('parses back to the same value, and ignores key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
        const reversed = JSON.parse(JSON.stringify(value), (_key, item: unknown) =>
          typeof item === 'object' && item !== null && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).reverse()) : item,
        ) as unknown;
        expect(canonicalJson(reversed)).toBe(canonicalJson(value));
      }),
    );
  });

  it('handles 10,000 levels of nesting', () => {
    let deep: unknown = 0;
    for (let level = 0; level < 10_000; level++) deep = [deep];
    expect(canonicalJson(deep)).toHaveLength(20_001);
  });
});
