import type { SkillSummary } from '@skill-service/contracts';
import type { CatalogSkill } from './catalog-source.js';

export function toSkillSummary(skill: CatalogSkill): SkillSummary {
  const { definition } = skill;
  const { metadata } = definition;
  return {
    id: definition.id,
    name: definition.name,
    description: definition.description,
    version: definition.version,
    domain: skill.domain,
    channel: skill.channel,
    status: metadata.status ?? 'unspecified',
    role: metadata.classification?.role ?? null,
    invocation: metadata.classification?.invocation ?? null,
    effect_mode: metadata.classification?.effect_mode ?? null,
    tags: metadata.tags ?? [],
  };
}
