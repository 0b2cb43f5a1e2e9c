import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { defineCapability, defineSkill } from '../testing/define.js';
import { delay } from '../testing/test-capabilities.js';
import { createTestEngine } from '../testing/test-engine.js';

interface StepModel {
  readonly id: string;
  readonly seed: number;
  /** Earlier steps whose value this one reads (data edges). */
  readonly reads: readonly number[];
  /** Earlier steps named in depends_on (explicit edges). */
  readonly after: readonly number[];
  readonly delayMs: number;
}

interface PlanModel {
  readonly steps: readonly StepModel[];
  /** The order steps are declared in: edges may point forward in the file. */
  readonly declared: readonly number[];
  readonly maxConcurrentSteps: number;
}

const subsetOfEarlier = (index: number) =>
  index === 0 ? fc.constant<number[]>([]) : fc.uniqueArray(fc.integer({ min: 0, max: index - 1 }), { maxLength: 3 });

const planArbitrary: fc.Arbitrary<PlanModel> = fc
  .integer({ min: 1, max: 8 })
  .chain((count) =>
    fc.record({
      steps: fc.tuple(
        ...Array.from({ length: count }, (_, index) =>
          fc.record({
            id: fc.constant(`s${index}`),
            seed: fc.integer({ min: 0, max: 1000 }),
            reads: subsetOfEarlier(index),
            after: subsetOfEarlier(index),
            delayMs: fc.integer({ min: 0, max: 3 }),
          }),
        ),
      ),
      declared: fc.shuffledSubarray(
        Array.from({ length: count }, (_, index) => index),
        { minLength: count, maxLength: count },
      ),
      maxConcurrentSteps: fc.integer({ min: 1, max: 4 }),
    }),
  );

const mix = (seed: number, args: readonly number[]): number => (seed * 31 + args.reduce((sum, value) => sum + value * 7, 0)) % 1_000_003;

/** The expected outputs, computed one step at a time in index order (a topological order). */
function sequentialReference(plan: PlanModel): Record<string, number> {
  const values: number[] = [];
  for (const [index, step] of plan.steps.entries()) values[index] = mix(step.seed, step.reads.map((read) => values[read] ?? Number.NaN));
  return Object.fromEntries(plan.steps.map((step, index) => [`o${index}`, values[index] ?? Number.NaN]));
}

function skillOf(plan: PlanModel) {
  return defineSkill({
    id: 'prop.dag',
    steps: plan.declared.map((index) => {
      const step = plan.steps[index] as StepModel;
      return {
        id: step.id,
        uses: 'prop.mix',
        input: { seed: step.seed, args: step.reads.map((read) => `vars.v${read}`), ms: step.delayMs },
        output: { value: `vars.v${index}`, copy: `outputs.o${index}` },
        ...(step.after.length > 0 ? { depends_on: step.after.map((after) => `s${after}`) } : {}),
      };
    }),
  });
}

const mixContract = defineCapability({
  id: 'prop.mix',
  inputs: { seed: { type: 'integer', required: true }, args: { type: 'array', required: true }, ms: { type: 'integer', required: true } },
  outputs: { value: { type: 'integer', required: true }, copy: { type: 'integer', required: true } },
});

/**
 * Runs the plan with `wait` standing in for the provider's latency, and checks: every step ran
 * exactly once, each after all of its dependencies (explicit and data) had finished, and the
 * outputs equal the sequential reference.
 */
async function checkPlan(plan: PlanModel, wait: (step: StepModel, signal: AbortSignal) => Promise<unknown>): Promise<void> {
  const finished = new Set<number>();
  const calls = new Map<string, number>();
  const violations: string[] = [];
  const { engine } = createTestEngine({
    skills: [skillOf(plan)],
    maxConcurrentSteps: plan.maxConcurrentSteps,
    capabilities: [
      {
        definition: mixContract,
        fn: async (input, invocation) => {
          const index = Number((invocation.stepId ?? '').slice(1));
          const step = plan.steps[index] as StepModel;
          calls.set(step.id, (calls.get(step.id) ?? 0) + 1);
          for (const dependency of new Set([...step.reads, ...step.after])) {
            if (!finished.has(dependency)) violations.push(`${step.id} started before s${dependency} finished`);
          }
          await wait(step, invocation.signal);
          const value = mix(Number(input['seed']), input['args'] as number[]);
          finished.add(index);
          return { value, copy: value };
        },
      },
    ],
  });
  const result = await engine.runSkill('prop.dag', {});
  expect(violations).toEqual([]);
  expect(Object.fromEntries(calls)).toEqual(Object.fromEntries(plan.steps.map((step) => [step.id, 1])));
  expect(result.outputs).toEqual(sequentialReference(plan));
}

describe('scheduling properties', () => {
  it('runs every step of a random DAG once, after its dependencies, with sequential results (any interleaving)', async () => {
    await fc.assert(
      fc.asyncProperty(planArbitrary, fc.scheduler(), async (plan, scheduler) => {
        // Each provider call resolves when fast-check's scheduler decides: every interleaving is fair game.
        const running = checkPlan(plan, (step) => scheduler.schedule(Promise.resolve(step.id), step.id));
        await scheduler.waitFor(running);
      }),
      { numRuns: 150 },
    );
  });

  it('holds with real timers and random small delays', async () => {
    await fc.assert(
      fc.asyncProperty(planArbitrary, (plan) => checkPlan(plan, (step, signal) => delay(step.delayMs, signal))),
      { numRuns: 25 },
    );
  });
});
