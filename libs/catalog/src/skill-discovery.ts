import type { DiscoverCandidate, DiscoverRequest, DiscoverResult } from '@skill-service/contracts';
import type { CatalogSkill } from './catalog-source.js';
import { DiscoverIndex, type TextMatch } from './discover-index.js';
import { DISCOVER_WEIGHTS, isReadIntent, metadataSignals, type Signal } from './discover-signals.js';
import type { ExecutionHistory } from './execution-history.js';
import { byCodePoint } from './skill-list.js';
import { toSkillSummary } from './skill-summary.js';
import { termsOf } from './text-terms.js';

const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/** The most every signal but the text match can add: coverage plus each positive weight of its group. */
const MAX_BONUS =
  DISCOVER_WEIGHTS.term_coverage +
  DISCOVER_WEIGHTS.role_procedure +
  DISCOVER_WEIGHTS.status_stable +
  DISCOVER_WEIGHTS.read_only_match +
  DISCOVER_WEIGHTS.usage +
  DISCOVER_WEIGHTS.success_rate_high +
  // Each part is rounded to 4 decimals before the sum.
  0.001;

interface Scored {
  readonly skill: CatalogSkill;
  readonly match: TextMatch;
  readonly signals: readonly Signal[];
  readonly score: number;
}

/** Keeps `top` the `size` highest scores, highest first. */
function insertDescending(top: number[], score: number, size: number): void {
  if (top.length >= size && score <= (top[size - 1] ?? 0)) return;
  let index = top.findIndex((value) => value < score);
  if (index < 0) index = top.length;
  top.splice(index, 0, score);
  if (top.length > size) top.pop();
}

/**
 * Intent-based discovery over a fixed set of skills (the index is built once, at construction).
 *
 * Score of a candidate (every part listed in its score_breakdown, rounded to 4 decimals):
 *
 *   score = max(0, 1.00 × sqrt(bm25 / best_bm25)          text match relative to this query's best, (0, 1]
 *                + 0.15 × matched_terms / intent_terms    how much of the intent it covers
 *                + Σ metadata signals)                  role, status, read-only intent, attach
 *                                                       penalty, usage and success rate in this process
 *
 * `bm25` is MiniSearch's BM25+ over the boosted fields of `FIELD_BOOSTS`. Dividing by the best
 * score of the query puts the text match on (0, 1] whatever the intent's length, so it combines
 * with the small fixed weights of `DISCOVER_WEIGHTS`; the square root damps raw term-frequency
 * gaps (a skill that repeats a word three times is not three times as relevant), so a deprecation
 * or a poor success rate can still reorder close matches. Only skills whose text matches the
 * intent are candidates (no match, no result); `domain` and `role` filter by exact value.
 * Ties break by id.
 */
export class SkillDiscovery {
  private readonly index: DiscoverIndex;

  constructor(
    private readonly skills: ReadonlyMap<string, CatalogSkill>,
    private readonly history: ExecutionHistory,
  ) {
    this.index = new DiscoverIndex([...skills.values()].map((skill) => skill.definition));
  }

  discover(request: DiscoverRequest): DiscoverResult {
    const intentTerms = termsOf(request.intent);
    if (intentTerms.length === 0) return { intent: request.intent, results: [] };
    const domain = request.domain === '' ? undefined : request.domain;
    const role = request.role === '' ? undefined : request.role;
    const accept =
      domain === undefined && role === undefined
        ? undefined
        : (skillId: string): boolean => {
            const skill = this.skills.get(skillId);
            if (skill === undefined) return false;
            if (domain !== undefined && skill.domain !== domain) return false;
            return role === undefined || skill.definition.metadata.classification?.role === role;
          };
    const readIntent = isReadIntent(intentTerms);
    let best = 0;
    // Matches come best text match first, and nothing but the text match grows past MAX_BONUS:
    // once a match could not reach the `limit`-th score even with every bonus, none after it can.
    const scored: Scored[] = [];
    const top: number[] = [];
    for (const match of this.index.match(request.intent, accept)) {
      // The first match is the best: the text match of every other one is relative to it.
      if (best === 0) best = match.bm25;
      if (best <= 0) break;
      const relative = Math.sqrt(match.bm25 / best);
      if (top.length >= request.limit && relative * DISCOVER_WEIGHTS.bm25_match + MAX_BONUS < (top[request.limit - 1] ?? 0)) break;
      const skill = this.skills.get(match.skillId);
      if (skill === undefined) continue;
      const coverage = Math.min(1, match.terms.length / intentTerms.length);
      const signals: Signal[] = [
        { code: 'bm25_match', value: DISCOVER_WEIGHTS.bm25_match * relative, reason: `bm25=${round4(relative)}` },
        { code: 'term_coverage', value: DISCOVER_WEIGHTS.term_coverage * coverage, reason: `terms=${match.terms.length}/${intentTerms.length}` },
        ...metadataSignals(skill.definition, readIntent, this.history.usage(match.skillId)),
      ];
      const score = round4(Math.max(0, signals.reduce((sum, entry) => sum + round4(entry.value), 0)));
      scored.push({ skill, match, signals, score });
      insertDescending(top, score, request.limit);
    }
    scored.sort((a, b) => b.score - a.score || byCodePoint(a.skill.definition.id, b.skill.definition.id));
    return {
      intent: request.intent,
      results: scored.slice(0, request.limit).map(({ skill, match, signals, score }) => this.candidate(skill, signals, score, match)),
    };
  }

  private candidate(skill: CatalogSkill, signals: readonly Signal[], score: number, match: TextMatch): DiscoverCandidate {
    return {
      ...toSkillSummary(skill),
      score,
      reason: signals.map((entry) => entry.reason).join(', '),
      reason_codes: signals.map((entry) => entry.code),
      score_breakdown: Object.fromEntries(signals.map((entry) => [entry.code, round4(entry.value)])),
      evidence: { ...this.history.usage(skill.definition.id), matched_terms: [...match.terms].sort(), bm25: round4(match.bm25) },
    };
  }
}
