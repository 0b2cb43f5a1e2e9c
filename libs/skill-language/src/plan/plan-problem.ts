import type { StepFieldPath } from './plan-step.js';

export type PlanProblemCode =
  | 'duplicate_id'
  | 'unknown_dependency'
  | 'dependency_cycle'
  | 'unwritten_var'
  | 'invalid_target'
  | 'invalid_expression';

/** One reason a plan cannot run, located at a field of one step. */
export interface PlanProblem {
  readonly code: PlanProblemCode;
  readonly message: string;
  /** The step the problem is reported on (for a cycle: its first member in declaration order). */
  readonly stepId: string;
  readonly stepIndex: number;
  /** Where inside that step, e.g. `['output', 'summary']`; `[]` for the step as a whole. */
  readonly field: StepFieldPath;
  /** `dependency_cycle` only: every member of the cycle, in declaration order. */
  readonly members?: readonly string[];
  /** `unwritten_var`, `invalid_target`, `unknown_dependency`: the offending reference or id. */
  readonly reference?: string;
}
