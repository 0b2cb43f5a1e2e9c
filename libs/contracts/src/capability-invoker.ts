import type { CapabilityDefinition } from './capability-definition.js';
import type { ConformanceProfile } from './execution-options.js';
import type { CapabilityExecutionMeta } from './execution-result.js';

/** One call of a capability, as the engine hands it to whatever resolves bindings. */
export interface CapabilityInvocation {
  readonly capability: CapabilityDefinition;
  /** The validated input, keyword-style. */
  readonly input: Record<string, unknown>;
  readonly traceId: string;
  /** Aborted when the step times out or the run is cancelled: stop work and settle promptly. */
  readonly signal: AbortSignal;
  /** The step's remaining time budget, for providers that set their own timeouts. */
  readonly timeoutMs: number;
  readonly requiredConformanceProfile?: ConformanceProfile;
  readonly skillId?: string;
  readonly stepId?: string;
}

export interface CapabilityInvocationResult {
  /** The provider's answer after response mapping; the engine checks it is a JSON object. */
  readonly output: unknown;
  /** How the call was resolved (binding, attempts, fallbacks), reported in step_completed data. */
  readonly meta?: CapabilityExecutionMeta;
}

/**
 * The port between the engine and binding resolution: "run this capability with this input,
 * honour this signal". `@skill-service/bindings` implements it for real providers; library
 * users may implement it themselves.
 */
export interface CapabilityInvoker {
  invoke(invocation: CapabilityInvocation): Promise<CapabilityInvocationResult>;
}
