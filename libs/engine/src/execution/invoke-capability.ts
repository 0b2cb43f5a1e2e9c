import type { CapabilityDefinition, CapabilityExecutionMeta, ConformanceProfile } from '@skill-service/contracts';
import { checkCapabilityOutput } from '../validation/check-capability-output.js';
import { callWithDeadline } from './call-with-deadline.js';
import type { EngineRuntime } from './engine-runtime.js';

/** Everything one invocation needs beyond the capability and its input. */
export interface InvocationSettings {
  readonly runtime: EngineRuntime;
  readonly traceId: string;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly requiredConformanceProfile: ConformanceProfile | undefined;
  readonly skillId: string | undefined;
  readonly stepId: string | undefined;
}

export interface InvocationOutcome {
  readonly output: Record<string, unknown>;
  readonly meta: CapabilityExecutionMeta | undefined;
}

/**
 * One invocation with its deadline, and the output contract checked. `input` must already have
 * passed `checkCapabilityInput` (callers check once per input, not once per retry).
 */
export async function invokeCapability(
  settings: InvocationSettings,
  capability: CapabilityDefinition,
  checkedInput: Record<string, unknown>,
): Promise<InvocationOutcome> {
  const result = await callWithDeadline(
    settings.runtime.invoker,
    {
      capability,
      input: checkedInput,
      traceId: settings.traceId,
      timeoutMs: settings.timeoutMs,
      requiredConformanceProfile: settings.requiredConformanceProfile,
      skillId: settings.skillId,
      stepId: settings.stepId,
    },
    settings.signal,
  );
  return { output: checkCapabilityOutput(capability, result.output, settings.runtime.maxOutputBytes), meta: result.meta };
}
