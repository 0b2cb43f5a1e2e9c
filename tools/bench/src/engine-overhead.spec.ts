import { describe, expect, it } from '@jest/globals';
import { measureEngineOverhead } from './engine-overhead.js';

describe('measureEngineOverhead', () => {
  it('runs both scenarios and reports sane figures', async () => {
    const results = await measureEngineOverhead({ iterations: 30, warmup: 5 });
    expect(results.map((result) => [result.scenario, result.steps, result.runs])).toEqual([
      ['bench.three', 3, 30],
      ['bench.ten', 10, 30],
    ]);
    for (const result of results) {
      expect(result.runsPerSecond).toBeGreaterThan(0);
      expect(result.perStepP50Ms).toBeGreaterThan(0);
      expect(result.perStepP99Ms).toBeGreaterThanOrEqual(result.perStepP50Ms);
      // Generous: a debug-mode CI box, not the benchmark target.
      expect(result.perStepP50Ms).toBeLessThan(50);
    }
  });
});
