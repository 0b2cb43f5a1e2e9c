import type { ExecutionResult } from '@skill-service/contracts';

/** SERVICE_MAX_RUN_RESULT_BYTES's default: a run result up to 1 MiB of JSON is stored. */
export const DEFAULT_MAX_RUN_RESULT_BYTES = 1024 * 1024;

/** The UTF-8 size of the result as a record stores it (JSON). */
export function runResultBytes(result: ExecutionResult): number {
  return new TextEncoder().encode(JSON.stringify(result)).byteLength;
}
