import { NESTED_SKILL_PREFIX } from '@skill-service/contracts';
import { analyzeSkillPlan, type PlanStep } from '@skill-service/skill-language';
import type { NormalizedSkill } from '../normalize/normalize-skill.js';
import type { LoadedCapability } from '../registry.js';
import type { Reporter } from '../reporter.js';

/** The skill ids a skill's steps use (`uses: skill:<id>`), with the step index of each use. */
export type NestedUses = { readonly skillId: string; readonly stepIndex: number }[];

/**
 * Checks a skill against the loaded capabilities and the ids of all skills, and analyses its plan
 * (docs/skill-language.md): unknown capabilities and skills, router and scatter members, dependencies,
 * cycles, unwritten vars, bad targets and expressions, required outputs nobody writes.
 */
export function checkSkillSteps(
  skill: NormalizedSkill,
  reporter: Reporter,
  capabilities: ReadonlyMap<string, LoadedCapability>,
  skillIds: ReadonlySet<string>,
): NestedUses {
  const { paths } = skill;
  const nested: NestedUses = [];
  const requireCapability = (id: string, path: (string | number)[], role: string): void => {
    const capability = capabilities.get(id);
    if (capability === undefined) {
      reporter.error(paths.resolve(path), 'unknown_capability', `${role} "${id}" is not a known capability`);
    } else if (capability.definition.deprecated) {
      const replacement = capability.definition.replacement;
      reporter.warning(paths.resolve(path), 'deprecated_capability', `capability "${id}" is deprecated${replacement === undefined ? '' : `; use "${replacement}"`}`);
    }
  };

  skill.steps.forEach((step, index) => {
    if (step === undefined) return;
    const at = ['steps', index];
    if (step.uses !== undefined) {
      if (step.uses.startsWith(NESTED_SKILL_PREFIX)) {
        const skillId = step.uses.slice(NESTED_SKILL_PREFIX.length);
        if (skillIds.has(skillId)) nested.push({ skillId, stepIndex: index });
        else reporter.error(paths.resolve([...at, 'uses']), 'unknown_skill', `skill "${skillId}" is not defined`);
      } else {
        requireCapability(step.uses, [...at, 'uses'], 'uses');
      }
    }
    if (step.router !== undefined) {
      for (const [value, capability] of Object.entries(step.router.cases)) requireCapability(capability, [...at, 'router', 'cases', value], 'router case');
      if (step.router.default !== undefined) requireCapability(step.router.default, [...at, 'router', 'default'], 'router default');
    }
    step.scatter?.capabilities.forEach((capability, member) => requireCapability(capability, [...at, 'scatter', 'capabilities', member], 'scatter member'));
  });

  // Plan analysis over every step that has an id, even if another of its fields is invalid.
  const planSteps: PlanStep[] = [];
  const positions: number[] = [];
  skill.steps.forEach((step, index) => {
    if (step === undefined) return;
    planSteps.push(step);
    positions.push(index);
  });
  const plan = analyzeSkillPlan(planSteps);
  for (const problem of plan.problems) {
    const index = positions[problem.stepIndex] ?? problem.stepIndex;
    reporter.error(paths.resolve(['steps', index, ...problem.field]), problem.code, problem.message);
  }

  for (const [name, spec] of Object.entries(skill.stepsReadable ? (skill.outputs ?? {}) : {})) {
    if (!spec.required) continue;
    const written = [...plan.writes.values()].some((writes) =>
      writes.some(({ target }) => target === `outputs.${name}` || target.startsWith(`outputs.${name}.`)),
    );
    if (!written) reporter.error(['outputs', name], 'unwritten_required_output', `required output "${name}" is not written by any step (no target outputs.${name})`);
  }
  return nested;
}
