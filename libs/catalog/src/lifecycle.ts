import { LifecycleState, type BindingCoverage, type SkillDefinition } from '@skill-service/contracts';
import { isDeprecated } from './skill-description.js';

export interface Lifecycle {
  readonly state: LifecycleState;
  readonly source: 'metadata' | 'derived';
}

/**
 * A skill's lifecycle state. An explicit `metadata.lifecycle_state` (one of the five) wins.
 * Otherwise it is derived, each state requiring the one before:
 *
 * - draft:        `status: draft`, or some capability it invokes has no eligible binding at all
 * - validated:    it loaded (the registry validated its plan) and every capability is bound
 *                 (experimental profile); deprecated skills stop here
 * - lab-verified: at least one example with expected outputs, and bound at the standard profile
 * - trusted:      `status: stable` and at least one use case
 * - recommended:  bound at the strict profile and at least two examples with expected outputs
 */
export function lifecycleOf(skill: SkillDefinition, coverage: BindingCoverage): Lifecycle {
  const declared = LifecycleState.safeParse(skill.metadata['lifecycle_state']);
  if (declared.success) return { state: declared.data, source: 'metadata' };
  const { metadata } = skill;
  const verifiedExamples = (metadata.examples ?? []).filter((example) => example.output !== undefined).length;
  const derived = (): LifecycleState => {
    if (metadata.status === 'draft' || !coverage.experimental.covered) return 'draft';
    if (isDeprecated(skill)) return 'validated';
    if (verifiedExamples === 0 || !coverage.standard.covered) return 'validated';
    if (metadata.status !== 'stable' || (metadata.use_cases ?? []).length === 0) return 'lab-verified';
    if (!coverage.strict.covered || verifiedExamples < 2) return 'trusted';
    return 'recommended';
  };
  return { state: derived(), source: 'derived' };
}
