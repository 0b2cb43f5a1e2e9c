import type { DiscoverRequest, DiscoverResult } from '@skill-service/contracts';

/** One case of the evaluation set: an intent in a user's words and the skill that should come up. */
export interface DiscoverIntentCase {
  readonly intent: string;
  readonly expected: string;
}

export interface DiscoverMiss extends DiscoverIntentCase {
  /** The top 3 answered. */
  readonly got: readonly string[];
}

export interface DiscoverEvaluation {
  readonly cases: number;
  /** Shares of the cases whose expected skill ranked first, and within the first three. */
  readonly top1: number;
  readonly top3: number;
  /** Cases whose expected skill was not first. */
  readonly misses: readonly DiscoverMiss[];
}

/** The cases of an evaluation file (`{intents: [{intent, expected}]}`); throws on any other shape. */
export function parseDiscoverIntents(data: unknown): DiscoverIntentCase[] {
  const intents = (data as { intents?: unknown } | null)?.intents;
  if (!Array.isArray(intents)) throw new TypeError('an evaluation set is {intents: [{intent, expected}]}');
  return intents.map((entry: unknown, index) => {
    const { intent, expected } = (entry ?? {}) as Record<string, unknown>;
    if (typeof intent !== 'string' || typeof expected !== 'string') throw new TypeError(`intents[${index}] needs a string intent and expected`);
    return { intent, expected };
  });
}

/** Scores a discover function on the cases: top-1 and top-3 hit rates, and what it got wrong. */
export function evaluateDiscover(discover: (request: DiscoverRequest) => DiscoverResult, cases: readonly DiscoverIntentCase[]): DiscoverEvaluation {
  let top1 = 0;
  let top3 = 0;
  const misses: DiscoverMiss[] = [];
  for (const entry of cases) {
    const got = discover({ intent: entry.intent, limit: 3 }).results.map((result) => result.id);
    if (got[0] === entry.expected) top1 += 1;
    else misses.push({ ...entry, got });
    if (got.includes(entry.expected)) top3 += 1;
  }
  const share = (hits: number): number => (cases.length === 0 ? 0 : hits / cases.length);
  return { cases: cases.length, top1: share(top1), top3: share(top3), misses };
}
