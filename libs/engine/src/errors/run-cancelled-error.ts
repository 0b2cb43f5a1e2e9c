import { ServiceError } from '@skill-service/contracts';

/**
 * The caller went away (a client disconnect, a shutdown) and aborted the run's signal. There is no
 * "cancelled" code in the contract; 503 `service_unavailable` says "not completed, nothing wrong
 * with the request", and nobody usually reads it because the caller has gone.
 */
export class RunCancelledError extends ServiceError {
  constructor() {
    super('service_unavailable', 'Run cancelled');
  }
}
