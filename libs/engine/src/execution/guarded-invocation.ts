import type { CapabilityDefinition, CapabilityExecutionMeta, RetryPolicy } from '@skill-service/contracts';
import { SPAN_ATTRIBUTES, traced } from '@skill-service/util';
import { runGates, type GateDegradation, type GatePhase, type GateRun } from '../safety/run-gates.js';
import { checkCapabilityInput } from '../validation/check-capability-input.js';
import { invokeCapability, type InvocationSettings } from './invoke-capability.js';
import { withRetry } from './with-retry.js';

export interface GuardedSettings extends InvocationSettings {
  readonly retry: RetryPolicy | undefined;
  readonly onGateWarning: (capabilityId: string, gate: string, reason: string, phase: GatePhase) => void;
}

export type GuardedOutcome =
  | {
      readonly kind: 'completed';
      readonly output: Record<string, unknown>;
      readonly meta: CapabilityExecutionMeta | undefined;
      readonly attempts: number;
    }
  | { readonly kind: 'degraded'; readonly capabilityId: string; readonly degradation: GateDegradation };

/**
 * One capability call as a step makes it: the input contract check, pre gates on the input, the
 * invocation under the step's retry policy (each attempt with its own deadline and output check),
 * post gates on the output.
 * Gates sit outside the retry: a safety verdict is not retried. The trust and confirmation checks
 * come before this (`checkSafetyPolicy`), for every capability of the step at once.
 */
export async function invokeGuarded(
  settings: GuardedSettings,
  capability: CapabilityDefinition,
  input: Record<string, unknown>,
): Promise<GuardedOutcome> {
  // The contract check comes first: neither a gate nor the provider sees an input that breaks it.
  const checkedInput = checkCapabilityInput(capability, input);
  const gates = capability.safety;
  const gateRun = (phase: GatePhase): GateRun => ({
    settings,
    capability,
    phase,
    onWarning: (gate, reason) => settings.onGateWarning(capability.id, gate, reason, phase),
  });
  if (gates !== undefined && gates.mandatory_pre_gates.length > 0) {
    const degradation = await runGates(gateRun('pre'), gates.mandatory_pre_gates, input);
    if (degradation !== undefined) return { kind: 'degraded', capabilityId: capability.id, degradation };
  }
  let attempt = 0;
  const { value, attempts } = await withRetry(
    () => {
      attempt += 1;
      // One span per attempt: a retried step shows each try, its error and the wait between them.
      const attributes = { [SPAN_ATTRIBUTES.capabilityId]: capability.id, [SPAN_ATTRIBUTES.attempt]: attempt };
      return traced(`capability.invoke ${capability.id}`, { attributes }, () => invokeCapability(settings, capability, checkedInput));
    },
    settings.retry,
    settings.signal,
    settings.runtime.sleep,
  );
  if (gates !== undefined && gates.mandatory_post_gates.length > 0) {
    const degradation = await runGates(gateRun('post'), gates.mandatory_post_gates, value.output);
    if (degradation !== undefined) return { kind: 'degraded', capabilityId: capability.id, degradation };
  }
  return { kind: 'completed', output: value.output, meta: value.meta, attempts };
}
