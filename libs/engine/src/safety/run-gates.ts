import { ServiceError, type CapabilityDefinition, type SafetyGate } from '@skill-service/contracts';
import { invokeCapability, type InvocationSettings } from '../execution/invoke-capability.js';
import { checkCapabilityInput } from '../validation/check-capability-input.js';

export type GatePhase = 'pre' | 'post';

/** A gate that denied with `on_fail: degrade`: the step completes without writing its outputs. */
export interface GateDegradation {
  readonly gate: string;
  readonly phase: GatePhase;
  readonly reason: string;
}

export interface GateRun {
  readonly settings: InvocationSettings;
  /** The capability the gates guard (named in messages and events). */
  readonly capability: CapabilityDefinition;
  readonly phase: GatePhase;
  readonly onWarning: (gate: string, reason: string, phase: GatePhase) => void;
}

async function askGate(run: GateRun, gate: SafetyGate, subject: Record<string, unknown>): Promise<Record<string, unknown>> {
  const failed = (cause?: unknown): ServiceError =>
    new ServiceError('gate_execution_failure', `Safety gate '${gate.capability}' of capability '${run.capability.id}' failed to run`, {
      cause,
    });
  const definition = run.settings.runtime.definitions.getCapability(gate.capability);
  if (definition === undefined) throw failed();
  try {
    // Gates run with no conformance requirement (a gate checks, it is not the step's provider) and no retry.
    const input = checkCapabilityInput(definition, subject);
    const outcome = await invokeCapability({ ...run.settings, requiredConformanceProfile: undefined }, definition, input);
    return outcome.output;
  } catch (error) {
    if (run.settings.signal.aborted) throw error;
    throw failed(error);
  }
}

/**
 * Runs a capability's mandatory gates in order on `subject` (the step's resolved input before the
 * call, the produced output after it). A gate denies only with `allowed: false`. By `on_fail`:
 * `warn` reports and goes on, `degrade` stops here and degrades the step, `require_human` is a 428,
 * `block` a 403. A gate that cannot run is a 503 `gate_execution_failure`.
 */
export async function runGates(
  run: GateRun,
  gates: readonly SafetyGate[],
  subject: Record<string, unknown>,
): Promise<GateDegradation | undefined> {
  for (const gate of gates) {
    const verdict = await askGate(run, gate, subject);
    if (verdict['allowed'] !== false) continue;
    const reason = typeof verdict['reason'] === 'string' && verdict['reason'] !== '' ? verdict['reason'] : 'no reason given';
    const denial = `Safety gate '${gate.capability}' denied capability '${run.capability.id}' (${run.phase}): ${reason}`;
    switch (gate.on_fail) {
      case 'warn':
        run.onWarning(gate.capability, reason, run.phase);
        break;
      case 'degrade':
        return { gate: gate.capability, phase: run.phase, reason };
      case 'require_human':
        throw new ServiceError('confirmation_required', `${denial}; a human must confirm`);
      case 'block':
        throw new ServiceError('safety_denied', denial);
    }
  }
  return undefined;
}
