import { InvalidConfigurationError, NESTED_SKILL_PREFIX, type SkillDefinition, type SkillStep } from '@skill-service/contracts';
import { analyzeSkillPlan, parseExpression } from '@skill-service/skill-language';
import type { WritableNamespace, WriteTarget } from '../state/write-target.js';
import type { CompiledSkill, CompiledStep, CompiledWrite } from './compiled-skill.js';
import { compileInputMapping } from './compile-input-mapping.js';
import { findEnginePlanProblems } from './engine-plan-problems.js';

/** One entry of the 409's `details`: which field of which step, and why. */
export interface PlanProblemDetail {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

type CompileOutcome = { readonly skill: CompiledSkill } | { readonly problems: readonly PlanProblemDetail[] };

// Compiled once per definition object: a reloaded registry hands out new objects, old ones are collected.
const compiled = new WeakMap<SkillDefinition, CompileOutcome>();

const fieldPath = (stepIndex: number, field: readonly (string | number)[]): string =>
  [`steps[${stepIndex}]`, ...field.map(String)].join('.');

function toTarget(text: string): WriteTarget {
  const [namespace, ...path] = text.split('.');
  return { text, namespace: namespace as WritableNamespace, path };
}

/** True when one segment path is a prefix of the other (`vars.a` and `vars.a.b` touch the same data). */
function related(a: readonly string[], b: readonly string[]): boolean {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) if (a[index] !== b[index]) return false;
  return true;
}


function compileStep(
  step: SkillStep,
  index: number,
  dependencies: readonly number[],
  dependants: readonly number[],
  writersOf: (reference: string) => readonly number[],
): CompiledStep {
  const writes: CompiledWrite[] = Object.entries(step.output).map(([produced, target]) => ({
    produced,
    producedPath: produced.split('.'),
    target: toTarget(target),
  }));
  const targets = [...new Map(writes.map((write) => [write.target.text, write.target])).values()];
  return {
    index,
    id: step.id,
    definition: step,
    childSkillId: step.uses.startsWith(NESTED_SKILL_PREFIX) ? step.uses.slice(NESTED_SKILL_PREFIX.length) : undefined,
    dependencies,
    dependants,
    condition: step.condition === undefined ? undefined : parseExpression(step.condition),
    foreach: step.foreach && { items: parseExpression(step.foreach.items), as: step.foreach.as, indexAs: step.foreach.index_as },
    whileLoop: step.while && { condition: parseExpression(step.while.condition), maxIterations: step.while.max_iterations },
    router: step.router && { on: parseExpression(step.router.on), cases: step.router.cases, default: step.router.default },
    resolveInput: compileInputMapping(step.input, writersOf),
    writes,
    targets,
  };
}

function compile(definition: SkillDefinition): CompileOutcome {
  const steps = definition.steps;
  const analysis = analyzeSkillPlan(steps);
  const problems: PlanProblemDetail[] = [
    ...analysis.problems.map((problem) => ({
      path: fieldPath(problem.stepIndex, problem.field),
      code: problem.code,
      message: `step '${problem.stepId}': ${problem.message}`,
    })),
    ...findEnginePlanProblems(steps).map((problem) => ({
      path: fieldPath(problem.stepIndex, problem.field),
      code: problem.code,
      message: `step '${problem.stepId}': ${problem.message}`,
    })),
  ];
  if (problems.length > 0) return { problems };

  const indexOf = new Map(steps.map((step, index) => [step.id, index]));
  const dependencies = steps.map((step) =>
    [...(analysis.dependencies.get(step.id) ?? [])].map((id) => indexOf.get(id) ?? -1).sort((a, b) => a - b),
  );
  const dependants: number[][] = steps.map(() => []);
  dependencies.forEach((deps, index) => deps.forEach((dep) => dependants[dep]?.push(index)));

  const writtenPaths = steps.flatMap((step, index) =>
    (analysis.writes.get(step.id) ?? []).map((write) => ({ index, segments: write.target.split('.') })),
  );
  const writersOf = (reference: string): number[] => {
    const segments = reference.split('.');
    return [...new Set(writtenPaths.filter((write) => related(write.segments, segments)).map((write) => write.index))];
  };
  // Expressions parse here without a try: plan analysis has already rejected any that do not.
  return {
    skill: {
      definition,
      steps: steps.map((step, index) => compileStep(step, index, dependencies[index] ?? [], dependants[index] ?? [], writersOf)),
    },
  };
}

/**
 * The runnable plan of a skill, computed once per definition object: dependencies (explicit ∪ data
 * edges, from `analyzeSkillPlan`), parsed expressions, compiled mappings. A plan that cannot run is
 * a 409 listing every problem, raised before the run starts.
 */
export function compileSkill(definition: SkillDefinition): CompiledSkill {
  let outcome = compiled.get(definition);
  if (outcome === undefined) {
    outcome = compile(definition);
    compiled.set(definition, outcome);
  }
  if ('skill' in outcome) return outcome.skill;
  const summary = outcome.problems.map((problem) => problem.message).join('; ');
  throw new InvalidConfigurationError(`Skill '${definition.id}' has an invalid plan: ${summary}`, { details: outcome.problems });
}
