import type { RunRecord } from '@skill-service/contracts';
import { ApiError } from './api-error.js';
import { deniedReason, type CallerRole } from './caller-role.js';
import type { HttpClient } from './http-client.js';
import type { ServerFeatures } from './server-features.js';

export const CANCEL_NOT_OFFERED = 'Cancelling needs POST /v1/runs/{run_id}/cancel, which this server does not offer.';
export const RUN_FINISHED = 'The run has finished.';

/** `POST /v1/runs/{run_id}/cancel`: the answer is the cancelled run's record (`failed`, `Run cancelled`). */
export async function cancelRun(client: HttpClient, runId: string): Promise<RunRecord> {
  return client.post<RunRecord>(`/v1/runs/${encodeURIComponent(runId)}/cancel`, {});
}

/**
 * Why the Cancel button is disabled, or undefined when it may be pressed. The route needs the
 * executor role (the server lets an executor cancel only the runs it launched, an operator any:
 * who launched a run is not in its record, so that refusal is the server's 403). `status`
 * undefined: the page could not read the record (an executor may not), so it cannot tell.
 */
export function cancelDisabledReason(features: ServerFeatures, caller: CallerRole, status: RunRecord['status'] | undefined): string | undefined {
  if (!features.runCancel) return CANCEL_NOT_OFFERED;
  return deniedReason(caller, 'executor', 'Cancelling a run') ?? (status === undefined || status === 'running' ? undefined : RUN_FINISHED);
}

/** The route answered as one this server does not have (an older server behind a stale description). */
export function cancelNotOffered(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 405 || (error.status === 404 && error.message === 'Route not found'));
}

/** A refused cancel in plain words: the server's own for a 403 (whose run it is), and for a 409 that the run already finished. */
export function cancelRefusalText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 409) return `The run had already finished (409 ${error.code}): ${error.message}`;
  return error.describe();
}
