import type { AuditMode, ConformanceProfile, StreamEvent } from '@skill-service/contracts';

export interface RunSkillOptions {
  /** Propagated trace id; a UUID is generated when absent. */
  readonly traceId?: string;
  /** Where the run came from (`http`, `http-stream`, `cli`, …), recorded in audit. Default `embedded`. */
  readonly channel?: string;
  /** Passed to the invoker for every step capability (gates excepted); inherited by nested skills. */
  readonly requiredConformanceProfile?: ConformanceProfile;
  readonly auditMode?: AuditMode;
  /** Adds the run's events to the result. Failures always carry them on the SkillExecutionError. */
  readonly includeTrace?: boolean;
  /** Capabilities the caller confirms for this run (those marked `requires_confirmation`). */
  readonly confirmedCapabilities?: readonly string[];
  /** Cancels the run: scheduling stops, in-flight invocations are aborted, the run rejects promptly. */
  readonly signal?: AbortSignal;
  /** Receives every event live, in order; a throwing subscriber is ignored. */
  readonly onEvent?: (event: StreamEvent) => void;
}

export interface ExecuteCapabilityOptions {
  readonly traceId?: string;
  readonly requiredConformanceProfile?: ConformanceProfile;
  readonly confirmedCapabilities?: readonly string[];
  readonly signal?: AbortSignal;
  /** Budget of the one invocation; default the engine's `defaultStepTimeoutSeconds`. */
  readonly timeoutSeconds?: number;
}
