import {
  InvalidConfigurationError,
  InvalidRequestError,
  UpstreamFailureError,
  sanitizeMessage,
  type ServiceError,
} from '@skill-service/contracts';
import type { CallTarget } from './call-target.js';
import type { WorkerErrorInfo } from './worker-protocol.js';

/**
 * Maps a worker's refusal to the service's error codes. The codes matter beyond the status: the
 * circuit breaker counts `upstream_failure` only, so bad caller input (400) and broken
 * configuration (409) never open it.
 */
export function errorFromReply(error: WorkerErrorInfo, target: CallTarget): ServiceError {
  const fn = `${target.module}.${target.function}`;
  const described = sanitizeMessage(`${error.type}: ${error.message}`);
  switch (error.kind) {
    case 'bad_arguments':
      return new InvalidRequestError(
        `python function ${fn} rejected the provided arguments: ${sanitizeMessage(error.message)}`,
      );
    case 'import_error':
      return new InvalidConfigurationError(`python function ${fn} cannot be loaded: ${described}`);
    case 'not_allowed':
      return new InvalidConfigurationError(
        `python module ${target.module} was refused by the worker: ${sanitizeMessage(error.message)}`,
      );
    case 'exception':
      return new UpstreamFailureError(`python function ${fn} raised ${described}`);
    case 'not_serializable':
      return new UpstreamFailureError(`python function ${fn} returned a value that is not JSON: ${described}`);
    default:
      return new UpstreamFailureError(`python worker could not run ${fn}: ${described}`);
  }
}
