import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SOAK_OPTIONS, parseSoakArgs, rssTrend, soakFailures, type RssSample, type SoakTally } from './soak-checks.js';

const every10s = (values: readonly number[]): RssSample[] => values.map((mb, index) => ({ atSeconds: index * 10, mb }));

describe('parseSoakArgs', () => {
  it('reads the flags in both spellings and refuses the rest', () => {
    expect(parseSoakArgs([])).toEqual(DEFAULT_SOAK_OPTIONS);
    expect(parseSoakArgs(['--minutes', '3', '--concurrency=8'])).toMatchObject({ minutes: 3, concurrency: 8, sampleSeconds: 10 });
    expect(() => parseSoakArgs(['--minutes', '-1'])).toThrow('positive');
    expect(() => parseSoakArgs(['--minutes'])).toThrow('needs a value');
    expect(() => parseSoakArgs(['--hours', '1'])).toThrow('unknown option');
  });
});

describe('rssTrend', () => {
  it('ignores the warm-up and finds no growth in a flat, noisy series', () => {
    // A fast climb in the first 20% (warm-up), then noise around 150 MB.
    const trend = rssTrend(every10s([100, 130, 150, 152, 148, 151, 149, 150, 152, 148, 150, 151]), 0.2);
    expect(trend?.samples).toBe(9);
    expect(Math.abs(trend?.growth ?? 1)).toBeLessThan(0.02);
    expect(Math.abs(trend?.thirdsGrowth ?? 1)).toBeLessThan(0.02);
  });

  it('measures a steady leak as growth over the window', () => {
    // +2 MB every 10 s from 100 MB; the warm-up ends at 22 s of 110: the line rises 16 MB over samples 3…11, from 106 MB.
    const trend = rssTrend(every10s(Array.from({ length: 12 }, (_, index) => 100 + 2 * index)), 0.2);
    expect(trend?.slopeMbPerMinute).toBeCloseTo(12);
    expect(trend?.samples).toBe(9);
    expect(trend?.growth).toBeCloseTo(16 / 106);
  });

  it('needs at least three samples after the warm-up', () => {
    expect(rssTrend(every10s([100, 100]), 0.2)).toBeUndefined();
  });
});

describe('soakFailures', () => {
  const clean: SoakTally = {
    launchedRuns: 10,
    finishedRuns: 10,
    webhooks: [{ name: 'steady', expected: 30, delivered: 28, deadLettered: 2 }],
    unexpected: 0,
    trend: { samples: 10, slopeMbPerMinute: 0.1, growth: 0.01, thirdsGrowth: 0 },
  };

  it('passes when memory is flat and everything is accounted for', () => {
    expect(soakFailures(clean, 0.1)).toEqual([]);
  });

  it('names every failure: growth, lost runs, lost or surplus deliveries, unexpected answers', () => {
    const failures = soakFailures(
      {
        launchedRuns: 10,
        finishedRuns: 9,
        webhooks: [
          { name: 'steady', expected: 30, delivered: 27, deadLettered: 2 },
          { name: 'flaky', expected: 5, delivered: 6, deadLettered: 0 },
        ],
        unexpected: 2,
        trend: { samples: 10, slopeMbPerMinute: 5, growth: 0.25, thirdsGrowth: 0.2 },
      },
      0.1,
    );
    expect(failures).toEqual([
      'RSS grew 25.0% over the measured window (limit 10%)',
      '1 of 10 async runs never reached a terminal state',
      "webhooks 'steady': 1 of 30 deliveries neither delivered nor dead-lettered",
      "webhooks 'flaky': 6 deliveries accounted for, but only 5 events fired",
      '2 requests answered unexpectedly',
    ]);
  });

  it("counts by the server's books when read: dead letters the bounded list dropped still count, a lost one does not", () => {
    const tally: SoakTally = {
      ...clean,
      webhooks: [
        { name: 'steady', expected: 30, delivered: 30, deadLettered: 0 },
        { name: 'flaky', expected: 20, delivered: 12, deadLettered: 5 },
      ],
    };
    expect(soakFailures({ ...tally, server: { delivered: 42, deadLettered: 8 } }, 0.1)).toEqual([]);
    expect(soakFailures({ ...tally, server: { delivered: 42, deadLettered: 7 } }, 0.1)).toEqual([
      "webhooks: 1 of 50 deliveries neither delivered nor dead-lettered (by the server's books)",
    ]);
    expect(soakFailures({ ...tally, server: { delivered: 43, deadLettered: 7 } }, 0.1)).toEqual([
      'webhooks: the receiver accepted 42 distinct deliveries, the server counts 43 delivered',
      "webhooks: 1 of 50 deliveries neither delivered nor dead-lettered (by the server's books)",
    ]);
  });

  it('fails without a trend', () => {
    expect(soakFailures({ ...clean, trend: undefined }, 0.1)).toEqual(['too few RSS samples after the warm-up for a trend (run longer)']);
  });
});
