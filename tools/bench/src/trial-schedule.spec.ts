import { describe, expect, it } from '@jest/globals';
import { pairRatios, trialSteps, type Pair } from './trial-schedule.js';

const PAIRS: Pair[] = [
  { subject: 'health', baseline: 'echo' },
  { subject: 'sync', baseline: 'echo' },
  { subject: 'malformed', baseline: 'sync' },
];
const names = (trial: number): string[] => trialSteps(PAIRS, trial).map((step) => `${step.scenario}${step.role === 'baseline' ? '*' : ''}`);

describe('trialSteps', () => {
  it('runs each pair back to back, baseline first on even trials and second on odd ones, rotating the pairs', () => {
    expect(names(0)).toEqual(['echo*', 'health', 'echo*', 'sync', 'sync*', 'malformed']);
    expect(names(1)).toEqual(['sync', 'echo*', 'malformed', 'sync*', 'health', 'echo*']);
    expect(names(2)).toEqual(['sync*', 'malformed', 'echo*', 'health', 'echo*', 'sync']);
  });

  it('gives every step the pair it belongs to, once per pair and role in each trial', () => {
    for (const trial of [0, 1, 2, 3]) {
      const steps = trialSteps(PAIRS, trial);
      expect(steps).toHaveLength(2 * PAIRS.length);
      for (const [index, pair] of PAIRS.entries()) {
        const mine = steps.filter((step) => step.pair === index);
        expect(mine.map((step) => [step.role, step.scenario]).sort()).toEqual([
          ['baseline', pair.baseline],
          ['subject', pair.subject],
        ]);
        // Adjacent: the two runs of a ratio are next to each other.
        expect(Math.abs(steps.indexOf(mine[0] as never) - steps.indexOf(mine[1] as never))).toBe(1);
      }
    }
  });
});

describe('pairRatios', () => {
  it('divides trial by trial and skips a trial without a baseline', () => {
    expect(pairRatios([500, 200, 450], [1000, 400, 0])).toEqual([0.5, 0.5]);
    expect(pairRatios([1, 2], [2])).toEqual([0.5]);
  });
});
