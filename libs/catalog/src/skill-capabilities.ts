import { NESTED_SKILL_PREFIX, type SkillDefinition } from '@skill-service/contracts';
import type { CatalogSource } from './catalog-source.js';

/**
 * The capability ids a skill may invoke: each step's `uses`, router cases and default, scatter
 * members, the mandatory safety gates of those, and the same of nested skills (`skill:<id>`).
 */
export function capabilitiesOf(source: Pick<CatalogSource, 'skills' | 'capabilities'>, skill: SkillDefinition, seen = new Set<string>()): Set<string> {
  const used = new Set<string>();
  if (seen.has(skill.id)) return used;
  seen.add(skill.id);
  for (const step of skill.steps) {
    if (step.uses.startsWith(NESTED_SKILL_PREFIX)) {
      const nested = source.skills.get(step.uses.slice(NESTED_SKILL_PREFIX.length));
      if (nested !== undefined) for (const id of capabilitiesOf(source, nested.definition, seen)) used.add(id);
      continue;
    }
    used.add(step.uses);
    for (const id of Object.values(step.router?.cases ?? {})) used.add(id);
    if (step.router?.default !== undefined) used.add(step.router.default);
    for (const id of step.scatter?.capabilities ?? []) used.add(id);
  }
  for (const id of [...used]) {
    const safety = source.capabilities.get(id)?.definition.safety;
    for (const gate of [...(safety?.mandatory_pre_gates ?? []), ...(safety?.mandatory_post_gates ?? [])]) used.add(gate.capability);
  }
  return used;
}
