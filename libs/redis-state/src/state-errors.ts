import { ReplyError } from 'ioredis';
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

/** Redis answers that mean it cannot serve now (loading, a replica, a failover), not that the data is wrong. */
const UNAVAILABLE_REPLY = /^(LOADING|BUSY|MASTERDOWN|READONLY|TRYAGAIN|CLUSTERDOWN|NOAUTH|WRONGPASS)\b/;

/**
 * Runs one state operation, mapping what Redis answers to typed errors: a command refused on the
 * data (a key of another type, a damaged counter) to `internal_error`, anything else
 * (unreachable, timed out, loading) to `service_unavailable` with a message saying what is
 * unavailable. Typed errors pass through.
 */
export async function stateCall<T>(what: string, key: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isServiceError(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // Redis refused the command on the data itself: a key of another type, or a counter that is not a number.
    if (error instanceof ReplyError && !UNAVAILABLE_REPLY.test(message)) {
      const reason = sanitizeMessage(message.replace(/ script: .*$/s, ''));
      throw new ServiceError('internal_error', `${what}: a Redis key under '${key}' holds a value of another type or a damaged one, not written by this service (${reason})`, {
        cause: error,
      });
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
