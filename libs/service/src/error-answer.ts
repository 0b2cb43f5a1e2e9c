import { httpStatusOf, toErrorPayload, type ErrorPayload } from '@skill-service/contracts';
import { SkillExecutionError } from '@skill-service/engine';

export interface ErrorAnswer {
  readonly status: number;
  readonly body: ErrorPayload;
}

/**
 * How every surface answers a failure: the contract's one mapping (`toErrorPayload`, `httpStatusOf`)
 * plus, when the caller asked for `include_trace`, the failed run's events.
 */
export function errorAnswer(error: unknown, traceId: string | null, options: { readonly includeTrace?: boolean } = {}): ErrorAnswer {
  const body = toErrorPayload(error, traceId);
  if (options.includeTrace === true && error instanceof SkillExecutionError) body.events = [...error.events];
  return { status: httpStatusOf(error), body };
}
