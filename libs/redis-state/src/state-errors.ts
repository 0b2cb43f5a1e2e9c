import { ServiceError, isServiceError, sanitizeMessage } from '@skill-service/contracts';

/**
 * A value under the deployment's prefix that this service did not write, or that was damaged:
 * answered as `internal_error` naming the key, never a crash and never the value itself.
 */
export class CorruptStateError extends ServiceError {
  constructor(what: string, key: string) {
    super('internal_error', `${what} stored at Redis key '${key}' is unreadable: it was not written by this service or was damaged`);
  }
}

/** A command that failed because of the value's type (a foreign key under the prefix). */
function isWrongType(message: string): boolean {
  return message.startsWith('WRONGTYPE') || message.includes('WRONGTYPE');
}

/**
 * Runs one state operation, mapping what Redis answers to typed errors: a wrong-typed key to
 * `internal_error`, anything else (unreachable, timed out, loading) to `service_unavailable`
 * with a message saying what is unavailable. Typed errors pass through.
 */
export async function stateCall<T>(what: string, key: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isServiceError(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (isWrongType(message)) {
      throw new ServiceError('internal_error', `${what}: Redis key '${key}' holds a value of another type (not written by this service)`, { cause: error });
    }
    throw new ServiceError('service_unavailable', `${what} unavailable: the shared state store (Redis) cannot be reached; retry later (${sanitizeMessage(message)})`, {
      cause: error,
    });
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
