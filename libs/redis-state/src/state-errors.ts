import { ServiceError, isServiceError } from '@skill-service/contracts';

const capitalised = (what: string): string => `${what.charAt(0).toUpperCase()}${what.slice(1)}`;

/**
 * A value under the deployment's prefix that this service did not write, or that was damaged:
 * answered as `internal_error` naming where it is, never a crash and never the value itself.
 */
export class CorruptStateError extends ServiceError {
  /** `where`: the key (`key 'skills:runs:index'`) or the prefix (`the prefix 'skills'`). */
  constructor(what: string, where: string) {
    super('internal_error', `${capitalised(what)} in Redis is not one this service wrote (a foreign or corrupted value under ${where}); remove it or use another key prefix`);
  }
}

/**
 * A Redis failure as the service reports it, the one policy of every store: a reply about a key's
 * type or content means a foreign value (500); any other reply error is a refused command (500);
 * anything else (refused, reset, timed out, offline) means Redis is away (503). The text names no
 * host, password or path; typed errors pass through.
 */
export function redisFailure(error: unknown, what: string, where: string): ServiceError {
  if (isServiceError(error)) return error;
  // Duck-typed: an error from another realm (a test runner's VM) is not `instanceof Error`.
  const { name = '', message = String(error) } = error as { name?: string; message?: string };
  if (name === 'ReplyError' || /^(WRONGTYPE|ERR) /.test(message)) {
    if (/WRONGTYPE|not a valid|unexpected/i.test(message)) return new CorruptStateError(what, where);
    // The reply's first line, without the Lua script's hash and line that Redis appends.
    const reply = (message.split('\n')[0] ?? 'unknown reply').replace(/ script: .*$/, '');
    return new ServiceError('internal_error', `Redis refused a command on ${what}: ${reply}`, { cause: error });
  }
  return new ServiceError('service_unavailable', `Redis is unavailable, so ${what} cannot be read or stored; try again once it is back`, { cause: error });
}

/** Runs one state operation on `key`, mapping what Redis answers through `redisFailure`. */
export async function stateCall<T>(what: string, key: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw redisFailure(error, what, `key '${key}'`);
  }
}

/** Parses a stored JSON value; undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
