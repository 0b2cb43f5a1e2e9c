import { ServiceError, isServiceError } from '@skill-service/contracts';

/** A value under the prefix this service did not write (or that was damaged): a typed 500, never a crash. */
export function foreignValueError(what: string, prefix: string): ServiceError {
  const subject = `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  return new ServiceError(
    'internal_error',
    `${subject} in Redis is not one this service wrote (a foreign or corrupted value under the prefix '${prefix}'); remove it or use another key prefix`,
  );
}

/**
 * A Redis failure as the service reports it: a reply error about a key's type or content means a
 * foreign value (500); anything else (refused, reset, timed out, offline) means Redis is away (503).
 * The text names no host, password or path.
 */
export function redisFailure(error: unknown, what: string, prefix: string): ServiceError {
  if (isServiceError(error)) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'ReplyError') {
    if (/WRONGTYPE|not a valid|unexpected/i.test(message)) return foreignValueError(what, prefix);
    return new ServiceError('internal_error', `Redis refused a command on ${what}: ${message.split('\n')[0] ?? 'unknown reply'}`);
  }
  return new ServiceError('service_unavailable', `Redis is unavailable, so ${what} cannot be read or stored; try again once it is back`, { cause: error });
}
