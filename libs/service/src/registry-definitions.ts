import type { DefinitionSource } from '@skill-service/engine';
import type { Registry } from '@skill-service/registry';

/** The engine's view of a loaded registry. */
export function registryDefinitions(registry: () => Registry): DefinitionSource {
  return {
    getSkill: (id) => registry().skills.get(id)?.definition,
    getSkillProblems: (id) => registry().rejectedSkills.get(id),
    getCapability: (id) => registry().capabilities.get(id)?.definition,
  };
}
