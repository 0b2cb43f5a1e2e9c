// The built bundle itself (apps/server/dist/main.js, built before the tests by the `test` target's
// dependency on `build`).
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { BUILT_MAIN } from './testing/built-server.js';

describe('the built bundle', () => {
  it('is pure ASCII, so V8 keeps its ~5 MB source at one byte per character rather than two', () => {
    const source = readFileSync(BUILT_MAIN, 'utf8');
    const first = source.search(/[\u0080-\uffff]/);
    // Where it is, to find the literal to escape (esbuild escapes strings, not regular expressions).
    expect(first === -1 ? 'pure ASCII' : source.slice(Math.max(0, first - 80), first + 20)).toBe('pure ASCII');
  });
});
