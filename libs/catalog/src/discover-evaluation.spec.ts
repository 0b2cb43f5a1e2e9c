import { describe, expect, it } from '@jest/globals';
import type { DiscoverRequest, DiscoverResult } from '@skill-service/contracts';
import { evaluateDiscover, parseDiscoverIntents } from './discover-evaluation.js';

/** A fake ranking: answers fixed ids per intent (the evaluation, not discovery, is under test). */
function answering(table: Record<string, string[]>) {
  return (request: DiscoverRequest): DiscoverResult => ({
    intent: request.intent,
    results: (table[request.intent] ?? []).slice(0, request.limit).map((id) => ({ id }) as DiscoverResult['results'][number]),
  });
}

describe('evaluateDiscover', () => {
  it('scores top-1 and top-3 hit rates and lists what was not first', () => {
    const cases = [
      { intent: 'one', expected: 'a' },
      { intent: 'two', expected: 'b' },
      { intent: 'three', expected: 'c' },
      { intent: 'four', expected: 'd' },
    ];
    const evaluation = evaluateDiscover(answering({ one: ['a', 'x'], two: ['x', 'y', 'b'], three: ['x', 'y', 'z', 'c'] }), cases);
    expect(evaluation).toEqual({
      cases: 4,
      top1: 0.25,
      top3: 0.5,
      misses: [
        { intent: 'two', expected: 'b', got: ['x', 'y', 'b'] },
        { intent: 'three', expected: 'c', got: ['x', 'y', 'z'] },
        { intent: 'four', expected: 'd', got: [] },
      ],
    });
    expect(evaluateDiscover(answering({}), []).top3).toBe(0);
  });

  it('reads {intents: [{intent, expected}]} and refuses anything else', () => {
    expect(parseDiscoverIntents({ intents: [{ intent: 'x', expected: 'y', note: 1 }] })).toEqual([{ intent: 'x', expected: 'y' }]);
    expect(() => parseDiscoverIntents([])).toThrow(TypeError);
    expect(() => parseDiscoverIntents(null)).toThrow(TypeError);
    expect(() => parseDiscoverIntents({ intents: [{ intent: 'x' }] })).toThrow('intents[0] needs a string intent and expected');
  });
});
