import {
  LIFECYCLE_RANK,
  LIFECYCLE_STATES,
  type CapabilityDefinition,
  type GovernanceEntry,
  type GovernanceListing,
  type GovernanceQuery,
  type LifecycleState,
} from '@skill-service/contracts';
import type { CoverageCheck } from './binding-coverage.js';
import type { CatalogSkill, CatalogSource } from './catalog-source.js';
import { lifecycleOf } from './lifecycle.js';
import { safetySummary } from './safety-summary.js';
import { capabilitiesOf } from './skill-capabilities.js';
import { isDeprecated } from './skill-description.js';

/** What a reviewer should look at; empty for a well-kept skill. */
function qualityFlags(skill: CatalogSkill, entry: Pick<GovernanceEntry, 'binding_coverage' | 'deprecated'>): string[] {
  const { metadata } = skill.definition;
  const examples = metadata.examples ?? [];
  const flags: string[] = [];
  if (examples.length === 0) flags.push('no_examples');
  else if (examples.some((example) => example.output === undefined)) flags.push('examples_without_outputs');
  if ((metadata.use_cases ?? []).length === 0) flags.push('no_use_cases');
  if ((metadata.tags ?? []).length === 0) flags.push('no_tags');
  if (!entry.binding_coverage.experimental.covered) flags.push('unbound_steps');
  if (entry.deprecated) flags.push('deprecated');
  if (metadata.status === undefined) flags.push('status_unspecified');
  return flags;
}

/** One skill's governance record: lifecycle, deprecation, binding coverage, safety and quality. */
export function governanceEntry(skill: CatalogSkill, source: Pick<CatalogSource, 'skills' | 'capabilities'>, coverage: CoverageCheck): GovernanceEntry {
  const { definition } = skill;
  const used = capabilitiesOf(source, definition);
  const bindingCoverage = coverage.coverage(used);
  const lifecycle = lifecycleOf(definition, bindingCoverage);
  const capabilities = [...used].sort().flatMap((id): CapabilityDefinition[] => {
    const loaded = source.capabilities.get(id);
    return loaded === undefined ? [] : [loaded.definition];
  });
  const deprecated = isDeprecated(definition);
  return {
    skill_id: definition.id,
    name: definition.name,
    channel: skill.channel,
    domain: skill.domain,
    status: definition.metadata.status ?? 'unspecified',
    lifecycle_state: lifecycle.state,
    lifecycle_source: lifecycle.source,
    deprecated,
    replacement: definition.metadata.deprecated_by ?? null,
    binding_coverage: bindingCoverage,
    safety: safetySummary(capabilities),
    quality_flags: qualityFlags(skill, { binding_coverage: bindingCoverage, deprecated }),
  };
}

/** The entries (sorted by skill id) at `min_state` or above, the first `limit` of them, and a summary of all. */
export function governanceListing(entries: readonly GovernanceEntry[], query: GovernanceQuery): GovernanceListing {
  const byState = Object.fromEntries(LIFECYCLE_STATES.map((state) => [state, 0])) as Record<LifecycleState, number>;
  for (const entry of entries) byState[entry.lifecycle_state] += 1;
  const minRank = query.min_state === undefined ? 0 : LIFECYCLE_RANK[query.min_state];
  const matching = entries.filter((entry) => LIFECYCLE_RANK[entry.lifecycle_state] >= minRank);
  return {
    summary: { total_skills: entries.length, by_state: byState },
    matching: matching.length,
    skills: matching.slice(0, query.limit),
    min_state: query.min_state ?? null,
    limit: query.limit,
  };
}
