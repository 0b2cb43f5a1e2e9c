import { serviceConfigOf as sharedServiceConfigOf, type ServiceConfig } from '@skill-service/service';
import type { ServerOptions } from './server-options.js';

export type ServiceLog = ServiceConfig['log'];

/**
 * The façade's configuration from the parsed server options (their shared service settings); async
 * runs get the server's drain time at shutdown.
 */
export function serviceConfigOf(
  options: ServerOptions,
  env: Readonly<Record<string, string | undefined>>,
  workerScript: string,
  log: ServiceLog,
): ServiceConfig {
  return { ...sharedServiceConfigOf(options, env, log, workerScript), runDrainMs: options.drainMs };
}
