import type { SkillDefinition } from '@skill-service/contracts';
import type { SkillUsage } from './execution-history.js';
import { termsOf } from './text-terms.js';

/** One contribution to a candidate's score: its code (score_breakdown key), value and reason text. */
export interface Signal {
  readonly code: string;
  readonly value: number;
  readonly reason: string;
}

/**
 * The weights of discover's score. The text match dominates (up to 1.15); the metadata signals
 * (role, status, read-only intents, attach penalty, usage, success rate) are kept but scaled down, so they reorder close text matches rather than lift a
 * skill that barely matches over one that matches well.
 */
export const DISCOVER_WEIGHTS = {
  /** × sqrt(BM25+ score / the best BM25+ score of this query), in (0, 1]. */
  bm25_match: 1,
  /** × the share of the intent's terms the skill matched (0..1]. */
  term_coverage: 0.15,
  role_procedure: 0.05,
  role_utility: 0.03,
  role_sidecar: 0.01,
  status_stable: 0.03,
  status_experimental: 0.01,
  // A deprecated skill should lose to its replacement unless it matches much better.
  status_deprecated: -0.3,
  /** The intent asks to read/find/check… and the skill only reads. */
  read_only_match: 0.05,
  /** Attachable skills are usually side-cars of another run. */
  attach_penalty: -0.03,
  /** × executions in this process / 200, capped at the weight. */
  usage: 0.05,
  success_rate_high: 0.04,
  success_rate_medium: 0.02,
  success_rate_low: -0.04,
} as const;

/** Success-rate signals need a few executions before they mean anything. */
const MIN_EXECUTIONS_FOR_RATE = 3;

const READ_INTENT_TERMS = new Set(termsOf('read lookup find list inspect classify extract detect check scan report show'));

/** Does the intent ask to look at something rather than change it? */
export function isReadIntent(intentTerms: readonly string[]): boolean {
  return intentTerms.some((term) => READ_INTENT_TERMS.has(term));
}

const signal = (code: keyof typeof DISCOVER_WEIGHTS, reason: string, factor = 1): Signal => ({ code, value: DISCOVER_WEIGHTS[code] * factor, reason });

/** The metadata and history signals of one skill for one intent. */
export function metadataSignals(skill: SkillDefinition, readIntent: boolean, usage: SkillUsage): Signal[] {
  const signals: Signal[] = [];
  const { status, classification } = skill.metadata;
  const role = classification?.role;
  if (role !== undefined) signals.push(signal(`role_${role}`, `role=${role}`));
  if (status === 'stable' || status === 'experimental' || status === 'deprecated') signals.push(signal(`status_${status}`, `status=${status}`));
  if (readIntent && classification?.effect_mode === 'read_only') signals.push(signal('read_only_match', 'read_only_match'));
  if (classification?.invocation === 'attach' || classification?.invocation === 'both') signals.push(signal('attach_penalty', 'attach_penalty'));
  if (usage.executions > 0) {
    signals.push(signal('usage', `usage=${usage.executions}`, Math.min(1, usage.executions / 200)));
  }
  if (usage.success_rate !== null && usage.executions >= MIN_EXECUTIONS_FOR_RATE) {
    const rate = `success_rate=${usage.success_rate.toFixed(2)}`;
    if (usage.success_rate >= 0.9) signals.push(signal('success_rate_high', rate));
    else if (usage.success_rate >= 0.75) signals.push(signal('success_rate_medium', rate));
    else if (usage.success_rate < 0.5) signals.push(signal('success_rate_low', rate));
  }
  return signals;
}
