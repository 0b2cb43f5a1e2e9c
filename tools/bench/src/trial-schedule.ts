/*
 * The order of the throughput runs. Each scenario is paired with its baseline (the Express echo;
 * for the malformed traffic, the clean sync execute), and a trial runs every pair back to back:
 * baseline then scenario on even trials, scenario then baseline on odd ones, the pairs starting
 * one further on each trial. A ratio is then taken between two runs a few seconds apart, so load
 * from other work on the machine, which comes and goes, hits both of its sides. Pure.
 */

export interface Pair {
  readonly subject: string;
  readonly baseline: string;
}

export interface Step {
  readonly pair: number;
  readonly scenario: string;
  readonly role: 'subject' | 'baseline';
}

export function trialSteps(pairs: readonly Pair[], trial: number): Step[] {
  const steps: Step[] = [];
  for (let offset = 0; offset < pairs.length; offset++) {
    const index = (trial + offset) % pairs.length;
    const pair = pairs[index] as Pair;
    const baseline: Step = { pair: index, scenario: pair.baseline, role: 'baseline' };
    const subject: Step = { pair: index, scenario: pair.subject, role: 'subject' };
    steps.push(...(trial % 2 === 0 ? [baseline, subject] : [subject, baseline]));
  }
  return steps;
}

/** Per-trial ratios of one pair: subject req/s over the baseline run of the same pair and trial. */
export function pairRatios(subject: readonly number[], baseline: readonly number[]): number[] {
  return subject.flatMap((value, trial) => {
    const base = baseline[trial] ?? 0;
    return base > 0 ? [value / base] : [];
  });
}
