import { InvalidRequestError, type CapabilityDefinition, type CapabilityExecutionMeta } from '@skill-service/contracts';
import { evaluateExpression } from '@skill-service/skill-language';
import type { CompiledForeach, CompiledStep } from '../plan/compiled-skill.js';
import { getOwn, setOwn } from '../state/set-own.js';
import { describeValueType } from '../validation/field-type.js';
import { invokeGuarded } from './guarded-invocation.js';
import type { StepHost, StepResult } from './step-host.js';
import { stepInvocationSettings } from './step-invocation-settings.js';

/** Per key, the list of per-item values; declared outputs always appear, so `[]` items give `[]` lists. */
function collectPerKey(capability: CapabilityDefinition, outputs: readonly Record<string, unknown>[]): Record<string, unknown> {
  const keys = new Set(Object.keys(capability.outputs));
  for (const output of outputs) for (const key of Object.keys(output)) keys.add(key);
  const produced: Record<string, unknown> = {};
  for (const key of keys) setOwn(produced, key, outputs.map((output) => getOwn(output, key) ?? null));
  return produced;
}

/**
 * `foreach`: `items` must evaluate to a list; for each item, in order, the loop variables are
 * visible as `vars.<as>` / `vars.<index_as>` while THIS step's input mapping is resolved (an
 * overlay: nothing is written to the run's vars), then the capability is invoked with that input.
 */
export async function runForeach(
  host: StepHost,
  step: CompiledStep,
  foreach: CompiledForeach,
  capability: CapabilityDefinition,
): Promise<StepResult> {
  const items = evaluateExpression(foreach.items, host.state.scope);
  if (!Array.isArray(items)) {
    throw new InvalidRequestError(`foreach.items of step '${step.id}' must give a list, got ${describeValueType(items)}`);
  }
  const settings = stepInvocationSettings(host, step);
  const scope = host.state.scope;
  const inputs: Record<string, unknown>[] = [];
  const outputs: Record<string, unknown>[] = [];
  let attempts = 0;
  let meta: CapabilityExecutionMeta | undefined;
  for (const [index, item] of items.entries()) {
    const vars = { ...scope.vars };
    setOwn(vars, foreach.as, item);
    if (foreach.indexAs !== undefined) setOwn(vars, foreach.indexAs, index);
    const input = step.resolveInput({ scope: { ...scope, vars }, hasWritten: host.resolveContext.hasWritten });
    const outcome = await invokeGuarded(settings, capability, input);
    if (outcome.kind === 'degraded') return outcome;
    inputs.push(input);
    outputs.push(outcome.output);
    attempts += outcome.attempts;
    meta = outcome.meta;
  }
  return {
    kind: 'completed',
    produced: collectPerKey(capability, outputs),
    data: { ...meta, foreach_count: items.length },
    written: false,
    input: inputs,
    attempts,
    meta,
  };
}
