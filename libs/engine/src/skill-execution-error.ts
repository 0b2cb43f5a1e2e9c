import { ServiceError, type StreamEvent } from '@skill-service/contracts';

export interface SkillExecutionErrorOptions {
  readonly traceId: string;
  readonly skillId: string;
  /** The failed step (`parent/child` for a step of a nested skill); null when no step failed. */
  readonly stepId: string | null;
  /** Every event of the run up to the failure, for `include_trace` and SSE. */
  readonly events: readonly StreamEvent[];
  /** The error that started it all (a provider's, a timeout, a mapping error…), also `cause`. */
  readonly rootCause: ServiceError;
}

/**
 * A run that started and failed. Its code (and so its HTTP status) is the root cause's code: a
 * step timeout stays a 504 and a provider's 412 stays a 412, however deep the failing step was.
 */
export class SkillExecutionError extends ServiceError {
  readonly traceId: string;
  readonly skillId: string;
  readonly stepId: string | null;
  readonly events: readonly StreamEvent[];
  readonly rootCause: ServiceError;

  /** Takes code, details and hint from the root cause, so the error renders as the root cause would. */
  constructor(message: string, options: SkillExecutionErrorOptions) {
    const root = options.rootCause;
    super(root.code, message, { cause: root, details: root.details, hint: root.hint });
    this.traceId = options.traceId;
    this.skillId = options.skillId;
    this.stepId = options.stepId;
    this.events = options.events;
    this.rootCause = root;
  }
}
