// Shared by the specs (nothing in the library imports it): skills, capabilities and a catalog
// source built in memory.
import { CapabilityDefinition, SkillDefinition, type ConformanceProfile } from '@skill-service/contracts';
import type { CatalogSkill, CatalogSource } from '../catalog-source.js';

/** A one-step skill (`uses` text.upper unless `steps` say otherwise) with the given metadata. */
export function catalogSkill(
  id: string,
  where: { channel?: string; domain?: string } = {},
  metadata: Record<string, unknown> = {},
  fields: Record<string, unknown> = {},
): CatalogSkill {
  return {
    definition: SkillDefinition.parse({
      id,
      version: '1.0.0',
      name: `Skill ${id}`,
      description: `Does ${id}.`,
      inputs: { text: { type: 'string', required: true } },
      outputs: { text: { type: 'string' } },
      steps: [{ id: 'only', uses: 'text.upper', input: { text: 'inputs.text' }, output: { text: 'outputs.text' } }],
      metadata,
      ...fields,
    }),
    channel: where.channel ?? 'official',
    domain: where.domain ?? 'text',
  };
}

export function capability(id: string, safety?: Record<string, unknown>): { definition: CapabilityDefinition } {
  return {
    definition: CapabilityDefinition.parse({
      id,
      version: '1.0.0',
      description: `Capability ${id}.`,
      inputs: {},
      outputs: {},
      ...(safety === undefined ? {} : { safety }),
    }),
  };
}

/**
 * A source over the given skills and capabilities; `bound` says up to which profile each
 * capability has an eligible binding (absent: none).
 */
export function sourceOf(
  skills: readonly CatalogSkill[],
  capabilities: readonly { definition: CapabilityDefinition }[],
  bound: Readonly<Record<string, ConformanceProfile>> = {},
): CatalogSource {
  const rank: Record<ConformanceProfile, number> = { experimental: 0, standard: 1, strict: 2 };
  return {
    skills: new Map(skills.map((skill) => [skill.definition.id, skill])),
    capabilities: new Map(capabilities.map((entry) => [entry.definition.id, entry])),
    hasEligibleBinding: (definition, profile) => {
      const best = bound[definition.id];
      return best !== undefined && rank[best] >= rank[profile];
    },
  };
}
