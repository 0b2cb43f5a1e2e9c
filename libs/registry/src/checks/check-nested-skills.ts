import { findCycles } from '@skill-service/skill-language';
import type { NestedUses } from './check-skill-steps.js';
import type { NormalizedSkill } from '../normalize/normalize-skill.js';
import type { Reporter } from '../reporter.js';

export interface IndexedSkill {
  readonly skill: NormalizedSkill;
  readonly reporter: Reporter;
  readonly nested: NestedUses;
}

/**
 * Skill-to-skill checks, once every skill has been checked on its own: `skill:` cycles of any length
 * are errors on every member, and a skill that uses an invalid skill is invalid too (until nothing
 * changes), so a valid skill never reaches a broken one at run time.
 */
export function checkNestedSkills(skills: ReadonlyMap<string, IndexedSkill>): void {
  const edges = new Map<string, Set<string>>();
  for (const [id, { nested }] of skills) edges.set(id, new Set(nested.map((use) => use.skillId)));
  const ids = [...skills.keys()];
  const order = new Map(ids.map((id, index) => [id, index]));
  for (const component of findCycles(ids, edges)) {
    const cycle = [...component].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    const members = new Set(cycle);
    const listed = cycle.map((id) => `"${id}"`).join(', ');
    for (const id of cycle) {
      const entry = skills.get(id);
      if (entry === undefined) continue;
      for (const use of entry.nested) {
        if (!members.has(use.skillId)) continue;
        entry.reporter.error(
          entry.skill.paths.resolve(['steps', use.stepIndex, 'uses']),
          'nested_skill_cycle',
          `skills ${listed} use each other in a cycle`,
        );
      }
    }
  }

  let changed = true;
  while (changed) {
    changed = false;
    for (const { reporter, nested, skill } of skills.values()) {
      if (reporter.hasErrors) continue;
      const broken = nested.find((use) => skills.get(use.skillId)?.reporter.hasErrors === true);
      if (broken === undefined) continue;
      reporter.error(skill.paths.resolve(['steps', broken.stepIndex, 'uses']), 'invalid_nested_skill', `skill "${broken.skillId}" is invalid, so this step cannot run`);
      changed = true;
    }
  }
}
