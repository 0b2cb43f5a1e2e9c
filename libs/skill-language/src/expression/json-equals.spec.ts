import { describe, expect, it } from '@jest/globals';
import { jsonEquals } from './json-equals.js';

describe('jsonEquals', () => {
  it.each<[unknown, unknown, boolean]>([
    [1, 1.0, true],
    [0, -0, true],
    [1, '1', false],
    [true, 1, false],
    [false, 0, false],
    [null, null, true],
    [null, undefined, true],
    [null, 0, false],
    [null, '', false],
    ['a', 'a', true],
    ['a', 'A', false],
    [Number.NaN, Number.NaN, false],
    [[], [], true],
    [[], {}, false],
    [{}, [], false],
    [[1, [2, { a: 3 }]], [1, [2, { a: 3 }]], true],
    [[1, 2], [1, 2, 3], false],
    [[1, 2, 3], [1, 2], false],
    [[null], [undefined], true],
    [{ a: 1, b: 2 }, { b: 2, a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1, b: 2 }, { a: 1 }, false],
    [{ a: 1 }, { b: 1 }, false],
    [{ a: { b: [1] } }, { a: { b: [1] } }, true],
    [{ a: { b: [1] } }, { a: { b: [2] } }, false],
    [{ a: null }, { b: null }, false],
  ])('%j == %j is %s', (left, right, expected) => {
    expect(jsonEquals(left, right)).toBe(expected);
    expect(jsonEquals(right, left)).toBe(expected);
  });

  it('ignores inherited keys', () => {
    expect(jsonEquals(Object.create({ a: 1 }), {})).toBe(true);
  });

  it('terminates on cyclic values', () => {
    const a: unknown[] = [1];
    a.push(a);
    const b: unknown[] = [1];
    b.push(b);
    const c: unknown[] = [2];
    c.push(c);
    expect(jsonEquals(a, b)).toBe(true);
    expect(jsonEquals(a, c)).toBe(false);
  });

  it('compares values nested 100,000 levels deep without touching the stack', () => {
    const deep = (leaf: unknown): unknown => {
      let value = leaf;
      for (let level = 0; level < 100_000; level++) value = { a: [value] };
      return value;
    };
    expect(jsonEquals(deep(1), deep(1))).toBe(true);
    expect(jsonEquals(deep(1), deep(2))).toBe(false);
  });
});
