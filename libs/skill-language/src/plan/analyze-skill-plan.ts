import { PathTrie } from './path-trie.js';
import type { PlanProblem } from './plan-problem.js';
import type { PlanStep, StepFieldPath } from './plan-step.js';
import { isValidTarget, referenceSegments, WRITABLE_NAMESPACES } from './reference-path.js';
import { collectStepReads, type PlanRead } from './step-reads.js';
import { findCycles } from './strongly-connected.js';
import { topologicalOrder } from './topological-order.js';

export interface PlanWrite {
  readonly target: string;
  readonly field: StepFieldPath;
}

export interface SkillPlanAnalysis {
  /** Step id → the steps it waits for: explicit `depends_on` ∪ data edges (unknown ids left out). */
  readonly dependencies: ReadonlyMap<string, ReadonlySet<string>>;
  readonly reads: ReadonlyMap<string, readonly PlanRead[]>;
  readonly writes: ReadonlyMap<string, readonly PlanWrite[]>;
  readonly problems: readonly PlanProblem[];
  /** A topological order (ties in declaration order); steps in or behind a cycle are left out. */
  readonly order: readonly string[];
}

const DEFAULT_LOOP_VARIABLE = 'item';

/** Loop variables are the step's own `vars.<as>` / `vars.<index_as>`: neither edges nor unwritten. */
function loopVariables(step: PlanStep): ReadonlySet<string> {
  if (step.foreach === undefined) return new Set();
  const names = [step.foreach.as ?? DEFAULT_LOOP_VARIABLE];
  if (step.foreach.index_as !== undefined) names.push(step.foreach.index_as);
  return new Set(names);
}

/**
 * Works out what each step of a skill waits for and every reason the plan cannot run. Semantics
 * (docs/skill-language.md): dependencies are explicit `depends_on` plus data edges; a read of a writable
 * namespace depends on every step writing a path that is a segment-wise prefix of it or extends it.
 * No `depends_on` means no explicit edge (not "the previous step": order in the file is not a dependency).
 */
export function analyzeSkillPlan(steps: readonly PlanStep[]): SkillPlanAnalysis {
  const problems: PlanProblem[] = [];
  const indexOf = new Map<string, number>();
  const unique: PlanStep[] = [];
  steps.forEach((step, stepIndex) => {
    if (indexOf.has(step.id)) {
      problems.push({
        code: 'duplicate_id',
        message: `step id "${step.id}" is used by more than one step`,
        stepId: step.id,
        stepIndex,
        field: ['id'],
        reference: step.id,
      });
      return;
    }
    indexOf.set(step.id, stepIndex);
    unique.push(step);
  });
  const at = (step: PlanStep): number => indexOf.get(step.id) ?? 0;

  const writes = new Map<string, PlanWrite[]>();
  const writers = new PathTrie();
  for (const step of unique) {
    const stepWrites: PlanWrite[] = [];
    for (const [produced, target] of Object.entries(step.output ?? {})) {
      const field = ['output', produced];
      if (!isValidTarget(target)) {
        problems.push({
          code: 'invalid_target',
          message: `output target ${JSON.stringify(target)} is not one of ${[...WRITABLE_NAMESPACES].map((ns) => `${ns}.*`).join(', ')}`,
          stepId: step.id,
          stepIndex: at(step),
          field,
          reference: typeof target === 'string' ? target : String(target),
        });
        continue;
      }
      stepWrites.push({ target, field });
      writers.add(referenceSegments(target), step.id);
    }
    writes.set(step.id, stepWrites);
  }

  const dependencies = new Map<string, Set<string>>();
  const reads = new Map<string, PlanRead[]>();
  for (const step of unique) {
    const deps = new Set<string>();
    dependencies.set(step.id, deps);
    (step.depends_on ?? []).forEach((dependency, position) => {
      if (indexOf.has(dependency)) deps.add(dependency);
      else
        problems.push({
          code: 'unknown_dependency',
          message: `depends_on names "${dependency}", which is not a step of this skill`,
          stepId: step.id,
          stepIndex: at(step),
          field: ['depends_on', position],
          reference: dependency,
        });
    });

    const { reads: stepReads, invalidExpressions } = collectStepReads(step);
    reads.set(step.id, stepReads);
    for (const invalid of invalidExpressions) {
      problems.push({
        code: 'invalid_expression',
        message: `expression ${JSON.stringify(invalid.source)} does not parse: ${invalid.message}`,
        stepId: step.id,
        stepIndex: at(step),
        field: invalid.field,
      });
    }

    const ownLoopVariables = loopVariables(step);
    for (const read of stepReads) {
      const segments = referenceSegments(read.reference);
      const [namespace, name] = segments;
      if (namespace === undefined || !WRITABLE_NAMESPACES.has(namespace)) continue;
      if (namespace === 'vars' && name !== undefined && ownLoopVariables.has(name)) continue;
      const sources = writers.related(segments);
      const others = [...sources].filter((writer) => writer !== step.id);
      for (const writer of others) deps.add(writer);
      // Only this step writes what it reads: nothing can exist before it runs, unless a while loop
      // feeds one iteration's writes to the next.
      if (others.length === 0 && sources.has(step.id) && step.while === undefined) deps.add(step.id);
      if (namespace === 'vars' && sources.size === 0) {
        problems.push({
          code: 'unwritten_var',
          message: `reads ${read.reference}, which no step writes`,
          stepId: step.id,
          stepIndex: at(step),
          field: read.field,
          reference: read.reference,
        });
      }
    }
  }

  const ids = unique.map((step) => step.id);
  for (const cycle of findCycles(ids, dependencies)) {
    const members = [...cycle].sort((a, b) => (indexOf.get(a) ?? 0) - (indexOf.get(b) ?? 0));
    const [first] = members;
    if (first === undefined) continue;
    problems.push({
      code: 'dependency_cycle',
      message:
        members.length === 1
          ? `step "${first}" depends on itself`
          : `steps ${members.map((id) => `"${id}"`).join(', ')} depend on each other in a cycle`,
      stepId: first,
      stepIndex: indexOf.get(first) ?? 0,
      field: [],
      members,
    });
  }

  return { dependencies, reads, writes, problems, order: topologicalOrder(ids, dependencies) };
}
