import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { CanonicalJsonError } from './canonical-json-error.js';
import { canonicalJson } from './canonical-json.js';
import { sha256Of } from './sha256-of.js';

describe('canonicalJson', () => {
  it('sorts keys at every level, keeps array order and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1, 2], c: 'x y' } })).toBe('{"a":{"c":"x y","d":[3,1,2]},"b":1}');
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

  it('is the same for the same data whatever the key order', () => {
    const left = { x: [{ q: 1, p: 2 }], y: { b: null, a: 'z' } };
    const right = { y: { a: 'z', b: null }, x: [{ p: 2, q: 1 }] };
    expect(canonicalJson(left)).toBe(canonicalJson(right));
  });

  it('accepts a shared (non-cyclic) reference', () => {
    const shared = { k: 1 };
    expect(canonicalJson({ a: shared, b: [shared] })).toBe('{"a":{"k":1},"b":[{"k":1}]}');
  });

  it('throws a CanonicalJsonError naming the path on a cycle', () => {
    const value: Record<string, unknown> = { a: { list: [] as unknown[] } };
    ((value['a'] as { list: unknown[] }).list).push(value);
    expect(() => canonicalJson(value)).toThrow(CanonicalJsonError);
    try {
      canonicalJson(value);
    } catch (error) {
      expect(error).toMatchObject({ reason: 'cycle', path: '/a/list/0' });
    }
  });

  it('throws on BigInt and on nesting beyond maxDepth', () => {
    expect(() => canonicalJson({ n: 1n })).toThrow(expect.objectContaining({ reason: 'unsupported', path: '/n' }) as never);
    let deep: unknown = 1;
    for (let i = 0; i < 5; i += 1) deep = [deep];
    expect(canonicalJson(deep, { maxDepth: 5 })).toBe('[[[[[1]]]]]');
    expect(() => canonicalJson([deep], { maxDepth: 5 })).toThrow(expect.objectContaining({ reason: 'depth' }) as never);
  });
});

describe('sha256Of', () => {
  it('is sha256:<hex> of the canonical JSON', () => {
    const expected = createHash('sha256').update('{"a":1,"b":[true,null]}').digest('hex');
    expect(sha256Of({ b: [true, null], a: 1 })).toBe(`sha256:${expected}`);
    expect(sha256Of({ a: 1 })).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('is stable for key order and differs for different data', () => {
    expect(sha256Of({ a: 1, b: 2 })).toBe(sha256Of({ b: 2, a: 1 }));
    expect(sha256Of({ a: 1, b: 2 })).not.toBe(sha256Of({ a: 1, b: 3 }));
    expect(sha256Of([1, 2])).not.toBe(sha256Of([2, 1]));
  });
});
