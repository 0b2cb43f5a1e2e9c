import { describe, expect, it } from '@jest/globals';
import { isTruthy } from './truthiness.js';

describe('isTruthy', () => {
  it.each([false, null, undefined, 0, -0, Number.NaN, 0n, '', [], {}, Object.create(null) as object])('%p is false', (value) => {
    expect(isTruthy(value)).toBe(false);
  });

  it.each([true, 1, -1, 0.1, 1n, 'a', ' ', '0', 'false', [0], [[]], { a: 0 }, { a: undefined }])('%p is true', (value) => {
    expect(isTruthy(value)).toBe(true);
  });
});
