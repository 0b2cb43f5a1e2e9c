import type { CompiledStep } from '../plan/compiled-skill.js';
import type { StepHost, StepResult } from './step-host.js';
import { withRetry } from './with-retry.js';

/**
 * The body of a `uses: skill:<id>` step: the resolved input becomes the child's inputs, the child's
 * outputs become the produced object. Only `retry` applies here (the child's steps have their own
 * deadlines); a retried child runs again from scratch.
 */
export async function runNestedSkillStep(host: StepHost, step: CompiledStep, childSkillId: string): Promise<StepResult> {
  const input = step.resolveInput(host.resolveContext);
  const { value, attempts } = await withRetry(
    () => host.runChild(step.id, childSkillId, input),
    step.definition.retry, host.signal, host.runtime.sleep);
  return { kind: 'completed', produced: value, data: {}, written: false, input, attempts, meta: undefined };
}
