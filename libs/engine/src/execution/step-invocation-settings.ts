import { InvalidConfigurationError, type CapabilityDefinition } from '@skill-service/contracts';
import type { CompiledStep } from '../plan/compiled-skill.js';
import type { GuardedSettings } from './guarded-invocation.js';
import type { StepHost } from './step-host.js';

/** How every capability call of `step` is made: its timeout, retry, profile and warning channel. */
export function stepInvocationSettings(host: StepHost, step: CompiledStep, signal: AbortSignal = host.signal): GuardedSettings {
  const timeoutSeconds = step.definition.timeout_seconds;
  return {
    runtime: host.runtime,
    traceId: host.settings.traceId,
    signal,
    timeoutMs: timeoutSeconds === undefined ? host.runtime.defaultTimeoutMs : timeoutSeconds * 1000,
    requiredConformanceProfile: host.settings.requiredConformanceProfile,
    skillId: host.skillId,
    stepId: step.id,
    retry: step.definition.retry,
    onGateWarning: (capabilityId, gate, reason, phase) =>
      host.sink.emit('safety_gate_warning', step.id, `Safety gate '${gate}' warned about capability '${capabilityId}': ${reason}`, {
        capability_id: capabilityId,
        gate,
        phase,
        reason,
      }),
  };
}

/** A capability a step names must exist: a missing one is the skill's configuration error (409). */
export function requireCapability(host: StepHost, step: CompiledStep, id: string): CapabilityDefinition {
  const capability = host.runtime.definitions.getCapability(id);
  if (capability === undefined) {
    throw new InvalidConfigurationError(`Step '${step.id}' uses capability '${id}', which does not exist`);
  }
  return capability;
}
