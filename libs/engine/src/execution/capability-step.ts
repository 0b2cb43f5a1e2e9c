import type { CompiledStep } from '../plan/compiled-skill.js';
import { checkSafetyPolicy } from '../safety/check-safety-policy.js';
import { runForeach } from './foreach-invocation.js';
import { invokeGuarded } from './guarded-invocation.js';
import { routeCapability } from './route-capability.js';
import { runScatter } from './scatter-invocation.js';
import type { StepHost, StepResult } from './step-host.js';
import { requireCapability, stepInvocationSettings } from './step-invocation-settings.js';
import { runWhileLoop } from './while-invocation.js';

/**
 * The body of a capability step: router → trust and confirmation checks → exactly one of scatter,
 * foreach, while or a single invocation (each call wrapped in gates, retry and deadline).
 */
export async function runCapabilityStep(host: StepHost, step: CompiledStep): Promise<StepResult> {
  const scatter = step.definition.scatter;
  if (scatter !== undefined) return runScatter(host, step, scatter);
  const route = routeCapability(host, step);
  const capability = requireCapability(host, step, route.capabilityId);
  checkSafetyPolicy(capability, host.runtime.maxTrustRank, host.settings.confirmedCapabilities);
  if (step.foreach !== undefined) return runForeach(host, step, step.foreach, capability);
  if (step.whileLoop !== undefined) return runWhileLoop(host, step, step.whileLoop, capability);
  const input = step.resolveInput(host.resolveContext);
  const outcome = await invokeGuarded(stepInvocationSettings(host, step), capability, input);
  if (outcome.kind === 'degraded') return outcome;
  return {
    kind: 'completed',
    produced: outcome.output,
    data: { ...outcome.meta, ...route.data },
    written: false,
    input,
    attempts: outcome.attempts,
    meta: outcome.meta,
  };
}
