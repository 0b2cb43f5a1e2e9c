import { z } from 'zod';
import { ConformanceProfile, TrustLevel } from './execution-options.js';
import { integerParameter } from './query-parameters.js';

/** Skill lifecycle, ranked `draft < validated < lab-verified < trusted < recommended`. */
export const LIFECYCLE_STATES = ['draft', 'validated', 'lab-verified', 'trusted', 'recommended'] as const;
export const LifecycleState = z
  .enum(LIFECYCLE_STATES)
  .meta({ id: 'LifecycleState', description: 'Ranked draft < validated < lab-verified < trusted < recommended.' });
export type LifecycleState = z.infer<typeof LifecycleState>;

export const LIFECYCLE_RANK: Record<LifecycleState, number> = { draft: 0, validated: 1, 'lab-verified': 2, trusted: 3, recommended: 4 };

/** GET /v1/skills/governance query. */
export const GovernanceQuery = z.object({
  min_state: LifecycleState.optional().describe('Only skills at this lifecycle state or above'),
  limit: integerParameter(1, 100, 20),
});
export type GovernanceQuery = z.output<typeof GovernanceQuery>;

export const ProfileCoverage = z.object({
  covered: z.boolean().describe('Every capability the skill invokes has an eligible binding at this profile'),
  unbound_capabilities: z.array(z.string()),
});
export type ProfileCoverage = z.infer<typeof ProfileCoverage>;

export const BindingCoverage = z
  .object({ experimental: ProfileCoverage, standard: ProfileCoverage, strict: ProfileCoverage })
  .meta({ id: 'BindingCoverage' }) satisfies z.ZodType<Record<ConformanceProfile, ProfileCoverage>>;
export type BindingCoverage = z.infer<typeof BindingCoverage>;

export const SafetySummary = z
  .object({
    trust_level: TrustLevel.describe('The highest trust level a capability of the skill declares (sandbox when none declares one)'),
    requires_confirmation: z.array(z.string()).describe('Capabilities a caller must confirm'),
    gates: z.array(
      z.object({ capability: z.string(), gate: z.string(), phase: z.enum(['pre', 'post']), on_fail: z.string() }),
    ),
  })
  .meta({ id: 'SafetySummary' });
export type SafetySummary = z.infer<typeof SafetySummary>;

export const GovernanceEntry = z
  .object({
    skill_id: z.string(),
    name: z.string(),
    channel: z.string(),
    domain: z.string(),
    status: z.string(),
    lifecycle_state: LifecycleState,
    lifecycle_source: z.enum(['metadata', 'derived']).describe('metadata: the skill declares `metadata.lifecycle_state`'),
    deprecated: z.boolean(),
    replacement: z.string().nullable(),
    binding_coverage: BindingCoverage,
    safety: SafetySummary,
    quality_flags: z.array(z.string()).describe('no_examples, no_use_cases, no_tags, examples_without_outputs, unbound_steps, deprecated, status_unspecified'),
  })
  .meta({ id: 'GovernanceEntry' });
export type GovernanceEntry = z.infer<typeof GovernanceEntry>;

export const GovernanceListing = z
  .object({
    summary: z.object({
      total_skills: z.int(),
      by_state: z.record(LifecycleState, z.int()),
    }),
    matching: z.int().describe('Skills at min_state or above, before limit'),
    skills: z.array(GovernanceEntry).describe('Sorted by skill id'),
    min_state: LifecycleState.nullable(),
    limit: z.int(),
  })
  .meta({ id: 'GovernanceListing' });
export type GovernanceListing = z.infer<typeof GovernanceListing>;
