/*
 * The malformed-traffic scenario: sync executes with 1 request in 100 malformed, in three kinds the
 * contract answers without running anything. What the service answers each (checked against the
 * running server): a body that is not JSON and a body without `inputs` are `400 invalid_request`;
 * an unknown skill is `404 not_found`. Pure: the kinds, and the verdict from wrk's counts.
 */
import type { MalformedKind } from './wrk-script.js';
import type { ResponseCount } from './wrk-result.js';

/** One request in this many is malformed. */
export const MALFORMED_EVERY = 100;

export function malformedKinds(skill: string, goodBody: string): MalformedKind[] {
  // The good body cut short: JSON that ends in the middle of a value.
  const truncated = goodBody.slice(0, Math.max(1, Math.floor(goodBody.length / 2)));
  const inputs = (JSON.parse(goodBody) as { inputs: unknown }).inputs;
  return [
    { name: 'bad-json', path: `/v1/skills/${skill}/execute`, body: truncated, expectedStatus: 400, expectedCode: 'invalid_request' },
    { name: 'unknown-skill', path: '/v1/skills/bench.no-such-skill/execute', body: goodBody, expectedStatus: 404, expectedCode: 'not_found' },
    // The inputs given at the top level, as a client forgetting the wrapper would.
    { name: 'no-inputs', path: `/v1/skills/${skill}/execute`, body: JSON.stringify(inputs), expectedStatus: 400, expectedCode: 'invalid_request' },
  ];
}

export interface KindOutcome {
  readonly kind: string;
  /** `400 invalid_request`, `200` for the good ones. */
  readonly expected: string;
  readonly answered: number;
  /** Answers that were not the contract's, by status. */
  readonly wrong: Readonly<Record<string, number>>;
}

/** Per kind (good first, then the malformed ones in order): answered and wrongly answered. */
export function kindOutcomes(responses: readonly ResponseCount[], kinds: readonly MalformedKind[]): KindOutcome[] {
  const rows = [{ kind: 'good', expected: '200' }, ...kinds.map((kind) => ({ kind: kind.name, expected: `${kind.expectedStatus} ${kind.expectedCode}` }))];
  return rows.map(({ kind, expected }) => {
    const mine = responses.filter((response) => response.kind === kind);
    const wrong: Record<string, number> = {};
    for (const response of mine) if (!response.contract) wrong[String(response.status)] = (wrong[String(response.status)] ?? 0) + response.count;
    return { kind, expected, answered: mine.reduce((sum, response) => sum + response.count, 0), wrong };
  });
}

/** Merges the outcomes of several runs kind by kind. */
export function mergeOutcomes(runs: readonly (readonly KindOutcome[])[]): KindOutcome[] {
  const merged = new Map<string, { kind: string; expected: string; answered: number; wrong: Record<string, number> }>();
  for (const run of runs) {
    for (const outcome of run) {
      const into = merged.get(outcome.kind) ?? { kind: outcome.kind, expected: outcome.expected, answered: 0, wrong: {} };
      into.answered += outcome.answered;
      for (const [status, count] of Object.entries(outcome.wrong)) into.wrong[status] = (into.wrong[status] ?? 0) + count;
      merged.set(outcome.kind, into);
    }
  }
  return [...merged.values()];
}

/** Every malformed kind was sent and answered, and every answer was the contract's. */
export function everyMalformedAnswered(outcomes: readonly KindOutcome[]): boolean {
  const malformed = outcomes.filter((outcome) => outcome.kind !== 'good');
  return malformed.length > 0 && malformed.every((outcome) => outcome.answered > 0 && Object.keys(outcome.wrong).length === 0);
}

/** Good answers that came back 200: what the malformed run's throughput counts. */
export const goodAnswers = (responses: readonly ResponseCount[]): number =>
  responses.filter((response) => response.kind === 'good' && response.contract).reduce((sum, response) => sum + response.count, 0);
