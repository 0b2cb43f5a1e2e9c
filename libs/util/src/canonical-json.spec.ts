import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { CanonicalJsonError } from './canonical-json-error.js';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every level, keeps array order and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1, 2], c: 'x y' } })).toBe('{"a":{"c":"x y","d":[3,1,2]},"b":1}');
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: 1.0 })).toBe('{"a":1,"b":[1,{"c":"x","d":null}]}');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson([])).toBe('[]');
  });

  it('sorts by UTF-16 code units (RFC 8785), not by locale', () => {
    expect(canonicalJson({ é: 1, z: 2, Z: 3, _: 4 })).toBe('{"Z":3,"_":4,"z":2,"é":1}');
  });

  it('writes scalars as JSON.stringify does', () => {
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(true)).toBe('true');
    expect(canonicalJson(1.5)).toBe('1.5');
    expect(canonicalJson(-0)).toBe('0');
    expect(canonicalJson(1e21)).toBe('1e+21');
    expect(canonicalJson('line\n"quoted"\u0001')).toBe(JSON.stringify('line\n"quoted"\u0001'));
  });

  it('follows JSON for values without a JSON form', () => {
    expect(canonicalJson({ a: undefined, b: () => 1, c: Symbol('s'), d: 1 })).toBe('{"d":1}');
    expect(canonicalJson([undefined, () => 1, Number.NaN, Infinity])).toBe('[null,null,null,null]');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('honours toJSON (dates become ISO strings)', () => {
    expect(canonicalJson({ at: new Date('2024-05-01T10:00:00Z') })).toBe('{"at":"2024-05-01T10:00:00.000Z"}');
  });

  it('parses back to the same value, and ignores key order (property)', () => {
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

  it('accepts a shared (non-cyclic) reference', () => {
    const shared = { k: 1 };
    expect(canonicalJson({ a: shared, b: [shared] })).toBe('{"a":{"k":1},"b":[{"k":1}]}');
  });

  it('throws a CanonicalJsonError naming the path on a cycle', () => {
    const value: Record<string, unknown> = { a: { list: [] as unknown[] } };
    (value['a'] as { list: unknown[] }).list.push(value);
    expect(() => canonicalJson(value)).toThrow(CanonicalJsonError);
    expect(() => canonicalJson(value)).toThrow(expect.objectContaining({ reason: 'cycle', path: '/a/list/0' }) as never);
  });

  it('throws on BigInt and on nesting beyond maxDepth', () => {
    expect(() => canonicalJson({ n: 1n })).toThrow(expect.objectContaining({ reason: 'unsupported', path: '/n' }) as never);
    let deep: unknown = 1;
    for (let i = 0; i < 5; i += 1) deep = [deep];
    expect(canonicalJson(deep, { maxDepth: 5 })).toBe('[[[[[1]]]]]');
    expect(() => canonicalJson([deep], { maxDepth: 5 })).toThrow(expect.objectContaining({ reason: 'depth' }) as never);
  });

  it('handles 100,000 levels of nesting and a 1,000,000-element list without touching the stack', () => {
    let deep: unknown = 0;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(canonicalJson(deep)).toHaveLength(200_001);
    const wide = Array.from({ length: 1_000_000 }, () => 1);
    expect(canonicalJson(wide)).toHaveLength(2_000_001);
  });
});
