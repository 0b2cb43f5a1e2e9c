/*
 * Pure parts of the soak run (`soak.ts`): its options, the RSS growth trend and the verdict. No I/O,
 * so the specs cover the rules that decide the exit code.
 */
import { flagPairs, median, positiveNumber } from './report.js';

export interface SoakOptions {
  readonly minutes: number;
  /** Clients sending traffic at once. */
  readonly concurrency: number;
  /** Seconds between RSS samples. */
  readonly sampleSeconds: number;
  /** Samples in the first `warmupFraction` of the run are left out of the trend (caches filling, JIT). */
  readonly warmupFraction: number;
  /** Largest RSS growth over the measured window accepted, as a fraction (0.1 = 10%). */
  readonly maxGrowth: number;
}

export const DEFAULT_SOAK_OPTIONS: SoakOptions = { minutes: 10, concurrency: 4, sampleSeconds: 10, warmupFraction: 0.2, maxGrowth: 0.1 };

const FLAGS = {
  '--minutes': 'minutes',
  '--concurrency': 'concurrency',
  '--sample-seconds': 'sampleSeconds',
} as const satisfies Record<string, keyof SoakOptions>;

const isFlag = (flag: string): flag is keyof typeof FLAGS => Object.hasOwn(FLAGS, flag);

/** `--minutes 3`, `--concurrency=8`, `--sample-seconds 10`; throws on anything else. */
export function parseSoakArgs(argv: readonly string[]): SoakOptions {
  const options: { -readonly [K in keyof SoakOptions]: SoakOptions[K] } = { ...DEFAULT_SOAK_OPTIONS };
  for (const [flag, value] of flagPairs(argv)) {
    if (!isFlag(flag)) throw new Error(`unknown option ${flag} (known: ${Object.keys(FLAGS).join(', ')})`);
    const number = positiveNumber(flag, value);
    options[FLAGS[flag]] = flag === '--concurrency' ? Math.round(number) : number;
  }
  return options;
}

export interface RssSample {
  /** Seconds since the traffic started. */
  readonly atSeconds: number;
  readonly mb: number;
}

export interface RssTrend {
  /** Samples the trend was fitted on (after the warm-up). */
  readonly samples: number;
  /** Least-squares slope, MB per minute. */
  readonly slopeMbPerMinute: number;
  /** Fitted growth over the measured window relative to the fitted value at its start. */
  readonly growth: number;
  /** Median of the last third of the measured samples against the median of the first third, minus 1. */
  readonly thirdsGrowth: number;
}

/**
 * The RSS trend after the warm-up: a least-squares line through the samples, its rise over the
 * window relative to where it starts (the rule the soak fails on), and, for the report, the
 * last-third against first-third medians. Undefined with fewer than 3 samples past the warm-up.
 */
export function rssTrend(samples: readonly RssSample[], warmupFraction: number): RssTrend | undefined {
  const end = samples[samples.length - 1]?.atSeconds ?? 0;
  const measured = samples.filter((sample) => sample.atSeconds >= end * warmupFraction && Number.isFinite(sample.mb));
  if (measured.length < 3) return undefined;
  const n = measured.length;
  const meanX = measured.reduce((sum, sample) => sum + sample.atSeconds, 0) / n;
  const meanY = measured.reduce((sum, sample) => sum + sample.mb, 0) / n;
  const sxx = measured.reduce((sum, sample) => sum + (sample.atSeconds - meanX) ** 2, 0);
  const sxy = measured.reduce((sum, sample) => sum + (sample.atSeconds - meanX) * (sample.mb - meanY), 0);
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const first = measured[0] as RssSample;
  const last = measured[n - 1] as RssSample;
  const startValue = meanY + slope * (first.atSeconds - meanX);
  const third = Math.max(1, Math.floor(n / 3));
  const firstThird = median(measured.slice(0, third).map((sample) => sample.mb));
  const lastThird = median(measured.slice(n - third).map((sample) => sample.mb));
  return {
    samples: n,
    slopeMbPerMinute: slope * 60,
    growth: startValue > 0 ? (slope * (last.atSeconds - first.atSeconds)) / startValue : Number.NaN,
    thirdsGrowth: firstThird > 0 ? lastThird / firstThird - 1 : Number.NaN,
  };
}

/** One webhook subscription's books: deliveries its events call for, against what became of them. */
export interface WebhookBooks {
  readonly name: string;
  readonly expected: number;
  /** Distinct deliveries (by `webhook-id`) the receiver accepted. */
  readonly delivered: number;
  /** Distinct dead letters of the subscription seen in GET /v1/webhooks/dead-letters. */
  readonly deadLettered: number;
}

export interface SoakTally {
  readonly launchedRuns: number;
  /** Runs seen completed or failed. */
  readonly finishedRuns: number;
  readonly webhooks: readonly WebhookBooks[];
  /**
   * The server's own delivery counters (deep health), when read. They count every dead letter,
   * also those the bounded dead-letter list (500) dropped before the soak's next collection.
   */
  readonly server?: { readonly delivered: number; readonly deadLettered: number };
  /** Requests answered otherwise than expected (transport errors included). */
  readonly unexpected: number;
  readonly trend: RssTrend | undefined;
}

/** Every reason the soak fails; empty when it passes. */
export function soakFailures(tally: SoakTally, maxGrowth: number): string[] {
  const failures: string[] = [];
  const { trend } = tally;
  if (trend === undefined) failures.push('too few RSS samples after the warm-up for a trend (run longer)');
  else if (!(trend.growth <= maxGrowth)) failures.push(`RSS grew ${(trend.growth * 100).toFixed(1)}% over the measured window (limit ${(maxGrowth * 100).toFixed(0)}%)`);
  const lost = tally.launchedRuns - tally.finishedRuns;
  if (lost !== 0) failures.push(`${lost} of ${tally.launchedRuns} async runs never reached a terminal state`);
  if (tally.server === undefined) {
    for (const books of tally.webhooks) {
      const accounted = books.delivered + books.deadLettered;
      if (accounted < books.expected) failures.push(`webhooks '${books.name}': ${books.expected - accounted} of ${books.expected} deliveries neither delivered nor dead-lettered`);
      if (accounted > books.expected) failures.push(`webhooks '${books.name}': ${accounted} deliveries accounted for, but only ${books.expected} events fired`);
    }
  } else {
    const expected = tally.webhooks.reduce((sum, books) => sum + books.expected, 0);
    const delivered = tally.webhooks.reduce((sum, books) => sum + books.delivered, 0);
    if (tally.server.delivered !== delivered) failures.push(`webhooks: the receiver accepted ${delivered} distinct deliveries, the server counts ${tally.server.delivered} delivered`);
    const accounted = delivered + tally.server.deadLettered;
    if (accounted !== expected) failures.push(`webhooks: ${expected - accounted} of ${expected} deliveries neither delivered nor dead-lettered (by the server's books)`);
  }
  if (tally.unexpected > 0) failures.push(`${tally.unexpected} requests answered unexpectedly`);
  return failures;
}
