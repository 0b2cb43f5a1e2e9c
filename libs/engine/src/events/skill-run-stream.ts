import type { ExecutionResult, StreamEvent } from '@skill-service/contracts';

/**
 * A run's events as an async iterable that ends once the run settles (successfully or not), plus
 * the run's outcome. Iterating is optional: an unobserved failure of `result` is never reported as
 * an unhandled rejection. Breaking out of the loop stops reading; it does not cancel the run (pass
 * an AbortSignal for that).
 */
export interface SkillRunStream extends AsyncIterable<StreamEvent> {
  readonly result: Promise<ExecutionResult>;
}
