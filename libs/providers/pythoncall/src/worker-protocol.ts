/**
 * The JSON-lines protocol between the provider and skill_worker.py: one request line in, one
 * response line out, matched by `id`.
 */

export interface WorkerRequest {
  readonly id: number;
  readonly module: string;
  readonly function: string;
  readonly kwargs: Record<string, unknown>;
}

/** Why the worker refused or failed a call (see skill_worker.py). */
export type WorkerErrorKind =
  | 'bad_arguments'
  | 'import_error'
  | 'not_allowed'
  | 'not_serializable'
  | 'exception'
  | 'protocol_error';

export interface WorkerErrorInfo {
  readonly type: string;
  readonly message: string;
  /** A kind this provider does not know is kept as a string and treated as a failure. */
  readonly kind: WorkerErrorKind | (string & {});
}

export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly error: WorkerErrorInfo };

/** Throws (TypeError) when the payload cannot be JSON: BigInt, cycles. */
export function encodeRequest(request: WorkerRequest): string {
  return `${JSON.stringify(request)}\n`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reply carried by `line`, or a description of what is wrong with it. */
export function parseReply(line: string, expectedId: number): WorkerReply | { readonly malformed: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { malformed: 'a response line is not JSON' };
  }
  if (!isRecord(value)) return { malformed: 'a response is not a JSON object' };
  if (value['id'] !== expectedId) return { malformed: `a response answers id ${String(value['id'])}, not ${expectedId}` };
  if (value['ok'] === true && Object.hasOwn(value, 'result')) {
    return { id: expectedId, ok: true, result: value['result'] };
  }
  const error = value['error'];
  if (
    value['ok'] === false &&
    isRecord(error) &&
    typeof error['type'] === 'string' &&
    typeof error['message'] === 'string' &&
    typeof error['kind'] === 'string'
  ) {
    return { id: expectedId, ok: false, error: { type: error['type'], message: error['message'], kind: error['kind'] } };
  }
  return { malformed: 'a response has neither a result nor a well-formed error' };
}
