import { describe, expect, it } from '@jest/globals';
import { resolvePath } from './resolve-path.js';

const found = (value: unknown) => ({ found: true, value });
const missing = { found: false, value: undefined };

describe('resolvePath', () => {
  const root = {
    a: { b: { c: 3 } },
    list: [10, { id: 'x' }, [7, 8]],
    nothing: null,
    undef: undefined,
    'x.y': 'flat',
    x: { y: 'nested' },
  };

  it.each<[string[], unknown]>([
    [[], found(root)],
    [['a'], found(root.a)],
    [['a', 'b', 'c'], found(3)],
    [['list', '0'], found(10)],
    [['list', '1', 'id'], found('x')],
    [['list', '2', '1'], found(8)],
    [['nothing'], found(null)],
    [['undef'], found(undefined)],
    [['x', 'y'], found('flat')],
    [['missing'], missing],
    [['a', 'missing'], missing],
    [['a', 'b', 'c', 'd'], missing],
    [['nothing', 'x'], missing],
    [['list', '3'], missing],
    [['list', '-1'], missing],
    [['list', '01'], missing],
    [['list', '1.0'], missing],
    [['list', 'length'], missing],
    [['list', 'map'], missing],
    [['a', ''], missing],
  ])('%j', (segments, expected) => {
    expect(resolvePath(root, segments)).toEqual(expected);
  });

  it('prefers the exact flat key made of the remaining segments, at every level', () => {
    expect(resolvePath({ 'a.b': 1, a: { b: 2 } }, ['a', 'b'])).toEqual(found(1));
    expect(resolvePath({ a: { b: 2 } }, ['a', 'b'])).toEqual(found(2));
    expect(resolvePath({ a: { 'b.c': 1, b: { c: 2 } } }, ['a', 'b', 'c'])).toEqual(found(1));
    expect(resolvePath({ 'a.b.c': 0, a: { 'b.c': 1 } }, ['a', 'b', 'c'])).toEqual(found(0));
    // Only the whole remainder is tried as one key, not a shorter prefix of it.
    expect(resolvePath({ 'a.b': { c: 1 } }, ['a', 'b', 'c'])).toEqual(missing);
    // A flat key holding null still wins over the nested value.
    expect(resolvePath({ 'a.b': null, a: { b: 2 } }, ['a', 'b'])).toEqual(found(null));
  });

  it('does not resolve into the prototype chain', () => {
    const data = { a: { b: 1 }, list: [1] };
    for (const segments of [
      ['__proto__'],
      ['constructor'],
      ['prototype'],
      ['toString'],
      ['hasOwnProperty'],
      ['a', '__proto__'],
      ['a', 'constructor', 'name'],
      ['__proto__', 'toString'],
      ['list', 'constructor'],
      ['list', '__proto__'],
    ]) {
      expect(resolvePath(data, segments)).toEqual(missing);
    }
    expect(resolvePath(Object.create({ inherited: 1 }), ['inherited'])).toEqual(missing);
  });

  it('reads an own "__proto__" key such as JSON.parse creates', () => {
    const parsed: unknown = JSON.parse('{"__proto__": {"x": 5}}');
    expect(resolvePath(parsed, ['__proto__', 'x'])).toEqual(found(5));
  });

  it('does not run getters', () => {
    let called = false;
    const withGetter = Object.defineProperty({}, 'g', {
      get: () => {
        called = true;
        return 1;
      },
      enumerable: true,
    });
    expect(resolvePath(withGetter, ['g'])).toEqual(missing);
    expect(called).toBe(false);
  });

  it('does not walk into primitives', () => {
    expect(resolvePath('text', ['length'])).toEqual(missing);
    expect(resolvePath(5, ['x'])).toEqual(missing);
    expect(resolvePath(undefined, ['x'])).toEqual(missing);
    expect(resolvePath(null, [])).toEqual(found(null));
  });
});
