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

  it('refuses exactly the values whose totals break a bound, whatever the bounds', () => {
    // The model: every string and key counts its characters, every list or object its members, and
    // no list or object may sit at the depth limit or below it.
    const totals = (value: unknown, depth = 0, into = { chars: 0, nodes: 1, deepest: -1 }) => {
      if (typeof value === 'string') into.chars += value.length;
      else if (typeof value === 'object' && value !== null) {
        into.deepest = Math.max(into.deepest, depth);
        const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
        into.nodes += entries.length;
        for (const [key, item] of entries) {
          into.chars += key.length;
          totals(item, depth + 1, into);
        }
      }
      return into;
    };
    const bounds = fc.record({ maxChars: fc.integer({ min: 0, max: 60 }), maxDepth: fc.integer({ min: 1, max: 4 }), maxNodes: fc.integer({ min: 1, max: 15 }) });
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), bounds, (value, limits) => {
        const { chars, nodes, deepest } = totals(value);
        const within = chars <= limits.maxChars && nodes <= limits.maxNodes && deepest < limits.maxDepth;
        let refusal: unknown;
        try {
          assertInputBounds(value, limits);
        } catch (error) {
          refusal = error;
        }
        expect(refusal === undefined).toBe(within);
        if (refusal !== undefined) expect((refusal as Error).message).toMatch(/^Invalid input: inputs.* (makes the input|is nested deeper)/s);
      }),
      { numRuns: 2000 },
    );
  });
});
