import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { sha256Of } from './sha256-of.js';

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
