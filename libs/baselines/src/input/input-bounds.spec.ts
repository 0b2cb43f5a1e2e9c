import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { assertInputBounds } from './input-bounds.js';

describe('assertInputBounds', () => {
  it('accepts ordinary JSON', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 10 }), (value) => assertInputBounds(value)));
  });

  it('refuses 10,000 levels of nesting without overflowing the stack, naming a shortened path', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 10_000; level++) deep = { a: deep };
    expect(() => assertInputBounds(deep)).toThrow(/inputs(\.a)+ is nested deeper than 64 levels/);
    let list: unknown = [];
    for (let level = 0; level < 10_000; level++) list = [list];
    expect(() => assertInputBounds({ data: list })).toThrow(expect.objectContaining({ code: 'invalid_request' }) as unknown as Error);
  });

  it('refuses a 5 MB string at once', () => {
    const started = Date.now();
    expect(() => assertInputBounds({ text: 'x'.repeat(5 * 1024 * 1024) })).toThrow('Invalid input: inputs.text makes the input longer than 2000000 characters');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses too many values by counting each list before walking it', () => {
    expect(() => assertInputBounds({ rows: new Array<number>(300_000).fill(1) })).toThrow('Invalid input: inputs.rows makes the input hold more than 250000 values');
  });

  it('counts long keys as characters', () => {
    expect(() => assertInputBounds({ ['k'.repeat(2_000_001)]: 1 })).toThrow(/longer than 2000000 characters/);
  });
});
