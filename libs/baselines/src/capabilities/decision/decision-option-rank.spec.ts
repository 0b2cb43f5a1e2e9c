import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { decisionOptionRank } from './decision-option-rank.js';

const LAPTOPS = [
  { id: 'alpha', price: 1200, battery_hours: 14 },
  { id: 'beta', price: 900, battery_hours: 9 },
  { id: 'gamma', price: 1000, battery_hours: 12 },
];

describe('decision.option.rank', () => {
  it('normalises each criterion, weights it and ranks by the weighted sum', async () => {
    // price (min, weight 2/3): alpha 0, beta 1, gamma 2/3; battery (max, weight 1/3): alpha 1, beta 0, gamma 3/5.
    expect(
      await runChecked(decisionOptionRank, { options: LAPTOPS, criteria: [{ field: 'price', goal: 'min', weight: 2 }, { field: 'battery_hours', weight: 1 }] }),
    ).toEqual({
      ranking: [
        { id: 'gamma', score: 0.6444, rank: 1, breakdown: { price: 0.4444, battery_hours: 0.2 }, missing: [] },
        { id: 'beta', score: 0.6667, rank: 2, breakdown: { price: 0.6667, battery_hours: 0 }, missing: [] },
        { id: 'alpha', score: 0.3333, rank: 3, breakdown: { price: 0, battery_hours: 0.3333 }, missing: [] },
      ].sort((a, b) => b.score - a.score).map((entry, index) => ({ ...entry, rank: index + 1 })),
      best: 'beta',
    });
  });

  it('breaks ties on the heaviest criterion, then on the given order', async () => {
    const options = [
      { id: 'x', speed: 1, cost: 0 },
      { id: 'y', speed: 0, cost: -1 },
      { id: 'z', speed: 1, cost: 0 },
    ];
    // All score 0.5. With equal weights the first criterion (speed) decides: x and z before y;
    // x and z tie on everything, so the given order puts x first.
    const output = await runChecked(decisionOptionRank, { options, criteria: [{ field: 'speed', weight: 1 }, { field: 'cost', goal: 'min', weight: 1 }] });
    expect((output['ranking'] as { id: string; score: number }[]).map((entry) => [entry.id, entry.score])).toEqual([
      ['x', 0.5],
      ['z', 0.5],
      ['y', 0.5],
    ]);
    // A heavier cost criterion (scores still equal once rounded) makes cost the first tie-break.
    const weighted = await runChecked(decisionOptionRank, { options, criteria: [{ field: 'speed', weight: 1 }, { field: 'cost', goal: 'min', weight: 1.0000001 }] });
    expect(weighted['best']).toBe('y');
  });

  it('scores a missing value as the worst on that criterion and names it', async () => {
    const output = await runChecked(decisionOptionRank, { options: [{ id: 1, q: 5 }, { id: 2 }], criteria: [{ field: 'q' }] });
    expect(output['ranking']).toEqual([
      { id: '1', score: 1, rank: 1, breakdown: { q: 1 }, missing: [] },
      { id: '2', score: 0, rank: 2, breakdown: { q: 0 }, missing: ['q'] },
    ]);
  });

  it('gives every option the full score on a criterion where they are all equal', async () => {
    expect((await runChecked(decisionOptionRank, { options: [{ id: 'a', v: 3 }, { id: 'b', v: 3 }], criteria: [{ field: 'v' }] }))['ranking']).toMatchObject([
      { id: 'a', score: 1 },
      { id: 'b', score: 1 },
    ]);
  });

  it('refuses options without an id and criteria weighing nothing', async () => {
    await expect(decisionOptionRank.run({ options: [{ name: 'x' }], criteria: [{ field: 'v' }] })).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(decisionOptionRank.run({ options: [{ id: 'x' }], criteria: [{ field: 'v', weight: 0 }] })).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
