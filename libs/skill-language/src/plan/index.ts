export type { PlanStep, StepFieldPath } from './plan-step.js';
export type { PlanProblem, PlanProblemCode } from './plan-problem.js';
export type { PlanRead } from './step-reads.js';
export { analyzeSkillPlan, type PlanWrite, type SkillPlanAnalysis } from './analyze-skill-plan.js';
export { isValidTarget, WRITABLE_NAMESPACES } from './reference-path.js';
export { findCycles } from './strongly-connected.js';
export { topologicalOrder } from './topological-order.js';
