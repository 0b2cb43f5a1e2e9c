import { isServiceError } from '@skill-service/contracts';
import { RunMessages } from './run-messages.js';

/**
 * Whether a run's signal aborted because the run was cancelled on request (not evicted, not shut
 * down): the cancelling side then reports the run's end, so the executing side stays silent.
 */
export function cancelledOnRequest(signal: AbortSignal): boolean {
  return signal.aborted && isServiceError(signal.reason) && signal.reason.message === RunMessages.cancelled;
}
