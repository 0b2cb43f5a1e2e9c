import { NESTED_SKILL_PREFIX } from '@skill-service/contracts';
import { analyzeSkillPlan, type PlanStep, type SkillPlanAnalysis } from '@skill-service/skill-language';
import { closestName, didYouMean } from '../normalize/closest-name.js';
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
      const suggestion = closestName(id, capabilities.keys());
      reporter.error(paths.resolve(path), 'unknown_capability', `${role} "${id}" is not a known capability${didYouMean(suggestion)}`, suggestion);
    } else if (capability.definition.deprecated) {
      const replacement = capability.definition.replacement;
      reporter.warning(paths.resolve(path), 'deprecated_capability', `capability "${id}" is deprecated${replacement === undefined ? '' : `; use "${replacement}"`}`);
    }
  };

  /** Each produced field a step maps must be an output its capability declares. */
  const checkProducedFields = (id: string, output: Readonly<Record<string, string>> | undefined, at: (string | number)[]): void => {
    const declared = capabilities.get(id)?.definition.outputs;
    if (declared === undefined || output === undefined) return;
    for (const produced of Object.keys(output)) {
      const [head = produced] = produced.split('.');
      if (Object.hasOwn(declared, produced) || Object.hasOwn(declared, head)) continue;
      const suggestion = closestName(head, Object.keys(declared));
      reporter.error(
        paths.resolve([...at, 'output', produced]),
        'unknown_output_field',
        `capability "${id}" has no output "${head}" (it declares ${Object.keys(declared).join(', ') || 'none'})${didYouMean(suggestion)}`,
        suggestion,
      );
    }
  };

  skill.steps.forEach((step, index) => {
    if (step === undefined) return;
    const at = ['steps', index];
    if (step.uses !== undefined) {
      if (step.uses.startsWith(NESTED_SKILL_PREFIX)) {
        const skillId = step.uses.slice(NESTED_SKILL_PREFIX.length);
        if (skillIds.has(skillId)) nested.push({ skillId, stepIndex: index });
        else {
          const suggestion = closestName(skillId, skillIds);
          reporter.error(paths.resolve([...at, 'uses']), 'unknown_skill', `skill "${skillId}" is not defined${didYouMean(suggestion)}`, suggestion);
        }
      } else {
        requireCapability(step.uses, [...at, 'uses'], 'uses');
        if (step.router === undefined && step.scatter === undefined) checkProducedFields(step.uses, step.output, at);
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

  checkReads(skill, plan, positions, planSteps, reporter);

  for (const [name, spec] of Object.entries(skill.stepsReadable ? (skill.outputs ?? {}) : {})) {
    if (!spec.required) continue;
    const written = [...plan.writes.values()].some((writes) =>
      writes.some(({ target }) => target === `outputs.${name}` || target.startsWith(`outputs.${name}.`)),
    );
    if (!written) reporter.error(['outputs', name], 'unwritten_required_output', `required output "${name}" is not written by any step (no target outputs.${name})`);
  }
  return nested;
}

/** Segment-wise: `outputs.a` and `outputs.a.b` are related, `outputs.ab` and `outputs.a` are not. */
const related = (a: readonly string[], b: readonly string[]): boolean => a.slice(0, Math.min(a.length, b.length)).every((segment, index) => segment === b[index]);

/**
 * Reads nothing can satisfy: `inputs.x` the skill does not declare, and `outputs.x` no step writes
 * (unwritten `vars.x` is the plan analysis's own `unwritten_var`).
 */
function checkReads(skill: NormalizedSkill, plan: SkillPlanAnalysis, positions: readonly number[], steps: readonly PlanStep[], reporter: Reporter): void {
  const written = [...plan.writes.values()].flat().map(({ target }) => target.split('.'));
  const inputs = skill.inputs === undefined ? undefined : Object.keys(skill.inputs);
  const seen = new Set<string>();
  steps.forEach((step, planIndex) => {
    if (seen.has(step.id)) return;
    seen.add(step.id);
    const index = positions[planIndex] ?? planIndex;
    for (const { reference, field } of plan.reads.get(step.id) ?? []) {
      const segments = reference.split('.');
      const [namespace, name] = segments;
      if (name === undefined || name === '') continue;
      const path = skill.paths.resolve(['steps', index, ...field]);
      if (namespace === 'inputs' && inputs !== undefined && !inputs.includes(name) && !inputs.includes(segments.slice(1).join('.'))) {
        const suggestion = closestName(name, inputs);
        reporter.error(path, 'undeclared_input', `reads ${reference}, but the skill declares no input "${name}"${didYouMean(suggestion)}`, suggestion);
      } else if (namespace === 'outputs' && skill.stepsReadable && !written.some((target) => related(target, segments))) {
        reporter.error(path, 'unwritten_output', `reads ${reference}, which no step writes`);
      }
    }
  });
}
