import { z } from 'zod';
import { SkillSummary } from './skill-summary.js';

/** Longer intents are refused (400) rather than tokenised: a sentence or two is what discovery ranks. */
export const MAX_INTENT_LENGTH = 2_000;
export const MAX_DISCOVER_LIMIT = 100;
export const DEFAULT_DISCOVER_LIMIT = 10;

/** An optional exact-match filter; an empty string means no filter, an unknown value matches nothing. */
const DiscoverFilter = z.string().max(200).optional();

/** POST /v1/skills/discover */
export const DiscoverRequest = z
  .object({
    intent: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_INTENT_LENGTH, `must be at most ${MAX_INTENT_LENGTH} characters`)
      .describe('What the caller wants done, in words'),
    domain: DiscoverFilter.describe('Only skills of this domain'),
    role: DiscoverFilter.describe('Only skills of this role (procedure, utility, sidecar)'),
    limit: z
      .int()
      .min(1, `must be between 1 and ${MAX_DISCOVER_LIMIT}`)
      .max(MAX_DISCOVER_LIMIT, `must be between 1 and ${MAX_DISCOVER_LIMIT}`)
      .default(DEFAULT_DISCOVER_LIMIT),
  })
  .meta({ id: 'DiscoverRequest' });
export type DiscoverRequest = z.infer<typeof DiscoverRequest>;

/** Why a candidate ranks where it does: this process's own history of the skill, and the text match. */
export const DiscoverEvidence = z
  .object({
    executions: z.int().describe('Settled executions of the skill in this process (every channel)'),
    successes: z.int(),
    success_rate: z.number().nullable().describe('null before the first execution'),
    p95_duration_ms: z.number().nullable(),
    matched_terms: z.array(z.string()).describe('Intent terms (as indexed) that matched the skill'),
    bm25: z.number().describe('Raw BM25+ score of the text match'),
  })
  .meta({ id: 'DiscoverEvidence' });
export type DiscoverEvidence = z.infer<typeof DiscoverEvidence>;

export const DiscoverCandidate = SkillSummary.extend({
  score: z.number().describe('Sum of score_breakdown, floored at 0, 4 decimals'),
  reason: z.string().describe('The signals, comma-separated'),
  reason_codes: z.array(z.string()),
  score_breakdown: z.record(z.string(), z.number()).describe('Signal code → its contribution'),
  evidence: DiscoverEvidence,
}).meta({ id: 'DiscoverCandidate' });
export type DiscoverCandidate = z.infer<typeof DiscoverCandidate>;

/** Ranked best first; only skills whose text matches the intent are candidates. */
export const DiscoverResult = z
  .object({ intent: z.string(), results: z.array(DiscoverCandidate) })
  .meta({ id: 'DiscoverResult' });
export type DiscoverResult = z.infer<typeof DiscoverResult>;
