import { NESTED_SKILL_PREFIX, type SkillStep } from '@skill-service/contracts';

/** A structural problem the engine finds beyond plan analysis (edges, cycles, targets, expressions). */
export interface EnginePlanProblem {
  readonly stepIndex: number;
  readonly stepId: string;
  readonly field: readonly string[];
  readonly code: 'conflicting_control_flow' | 'unsupported_control_flow' | 'invalid_uses';
  readonly message: string;
}

const NESTED_SKILL_ONLY_SUPPORTS = 'a nested skill step supports only depends_on, condition and retry';

/**
 * Control-flow combinations that cannot mean anything. Letting one win by priority
 * would run something the author did not write; a skill that asks for two is a configuration error.
 */
export function findEnginePlanProblems(steps: readonly SkillStep[]): EnginePlanProblem[] {
  const problems: EnginePlanProblem[] = [];
  steps.forEach((step, stepIndex) => {
    const add = (code: EnginePlanProblem['code'], field: string[], message: string): void => {
      problems.push({ stepIndex, stepId: step.id, field, code, message });
    };
    if (step.uses.startsWith(NESTED_SKILL_PREFIX)) {
      if (step.uses.length === NESTED_SKILL_PREFIX.length) add('invalid_uses', ['uses'], `'${step.uses}' names no skill`);
      for (const key of ['foreach', 'while', 'router', 'scatter', 'timeout_seconds'] as const) {
        if (step[key] !== undefined) add('unsupported_control_flow', [key], `${key} is not supported: ${NESTED_SKILL_ONLY_SUPPORTS}`);
      }
      return;
    }
    const loops = (['scatter', 'foreach', 'while'] as const).filter((key) => step[key] !== undefined);
    if (loops.length > 1) add('conflicting_control_flow', [loops[1] ?? ''], `${loops.join(' and ')} cannot be combined in one step`);
    if (step.router !== undefined && step.scatter !== undefined) {
      add('conflicting_control_flow', ['router'], 'router and scatter cannot be combined: scatter names its own capabilities');
    }
  });
  return problems;
}
