import type { CapabilityDefinition } from '@skill-service/contracts';
import { evaluateExpression, isTruthy } from '@skill-service/skill-language';
import type { CompiledStep, CompiledWhile } from '../plan/compiled-skill.js';
import { writeStepOutputs } from '../state/write-step-outputs.js';
import { invokeGuarded, type GuardedOutcome } from './guarded-invocation.js';
import type { StepHost, StepResult } from './step-host.js';
import { stepInvocationSettings } from './step-invocation-settings.js';

/**
 * `while`: the first iteration always runs; after each one its outputs are written and the
 * condition re-evaluated; the input mapping is re-resolved every iteration (so
 * it sees what the previous one wrote); at most `max_iterations`. Iterations write into a fork of the run state that is
 * committed at the end, so a gate degrading a later iteration leaves the step's outputs unwritten.
 */
export async function runWhileLoop(
  host: StepHost,
  step: CompiledStep,
  loop: CompiledWhile,
  capability: CapabilityDefinition,
): Promise<StepResult> {
  const settings = stepInvocationSettings(host, step);
  const fork = host.state.fork();
  const context = { scope: fork.scope, hasWritten: host.resolveContext.hasWritten };
  let iterations = 0;
  let attempts = 0;
  let exhausted = false;
  let input: Record<string, unknown>;
  let last: Extract<GuardedOutcome, { kind: 'completed' }>;
  for (;;) {
    input = step.resolveInput(context);
    const outcome = await invokeGuarded(settings, capability, input);
    if (outcome.kind === 'degraded') return outcome;
    last = outcome;
    iterations++;
    attempts += outcome.attempts;
    writeStepOutputs(fork, step, outcome.output);
    if (!isTruthy(evaluateExpression(loop.condition, fork.scope))) break;
    if (iterations >= loop.maxIterations) {
      exhausted = true;
      break;
    }
  }
  host.state.commit(fork, step.targets, step.definition.merge_strategy, step.id);
  return {
    kind: 'completed',
    produced: last.output,
    data: { ...last.meta, while_iterations: iterations, while_exhausted: exhausted },
    written: true,
    input,
    attempts,
    meta: last.meta,
  };
}
