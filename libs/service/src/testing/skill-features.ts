// Shared by the specs (nothing in the library imports it): what a skill uses, read off its
// definition, to check which capabilities it must confirm and which control-flow features the
// default registry demonstrates.
import { capabilitiesOf } from '@skill-service/catalog';
import { NESTED_SKILL_PREFIX, type SkillDefinition } from '@skill-service/contracts';
import type { Registry } from '@skill-service/registry';

/** Capability ids a skill may invoke (the catalog's reading: uses, router, scatter, gates, nested skills). */
export function capabilitiesUsed(registry: Registry, skill: SkillDefinition): Set<string> {
  return capabilitiesOf(registry, skill);
}

/** The capabilities of a skill that require confirmation: what a caller running it must confirm. */
export function confirmationsFor(registry: Registry, skill: SkillDefinition): string[] {
  return [...capabilitiesUsed(registry, skill)].filter((id) => registry.capabilities.get(id)?.definition.safety?.requires_confirmation === true).sort();
}

/** The engine features a skill's steps use. */
export function featuresOf(registry: Registry, skill: SkillDefinition): Set<string> {
  const features = new Set<string>();
  for (const step of skill.steps) {
    if (step.condition !== undefined) features.add('condition');
    if (step.foreach !== undefined) features.add('foreach');
    if (step.while !== undefined) features.add('while');
    if (step.router !== undefined) features.add('router');
    if (step.scatter !== undefined) features.add('scatter');
    if (step.retry !== undefined) features.add('retry');
    if (step.uses.startsWith(NESTED_SKILL_PREFIX)) features.add('nested skill');
    const safety = registry.capabilities.get(step.uses)?.definition.safety;
    if (safety?.requires_confirmation === true) features.add('confirmation');
    if ([...(safety?.mandatory_pre_gates ?? []), ...(safety?.mandatory_post_gates ?? [])].some((gate) => gate.on_fail === 'degrade')) features.add('degrading gate');
  }
  return features;
}
