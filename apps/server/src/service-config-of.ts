import type { ServiceConfig } from '@skill-service/service';
import type { ServerOptions } from './server-options.js';

export type ServiceLog = ServiceConfig['log'];

/** The façade's configuration from the parsed server options. */
export function serviceConfigOf(
  options: ServerOptions,
  env: Readonly<Record<string, string | undefined>>,
  workerScript: string,
  log: ServiceLog,
): ServiceConfig {
  return {
    registryRoot: options.registryRoot,
    runtimeRoot: options.runtimeRoot,
    env,
    maxWorkers: options.maxWorkers,
    asyncWorkers: options.asyncWorkers,
    maxRuns: options.maxRuns,
    ...(options.bindingPreference === undefined ? {} : { bindingPreference: options.bindingPreference }),
    outboundAllow: options.outboundAllow,
    python: { ...options.python, workerScript },
    maxTrustLevel: options.trustLevel,
    defaultAuditMode: options.auditMode,
    ...(options.auditPath === undefined ? {} : { auditPath: options.auditPath }),
    defaultStepTimeoutSeconds: options.stepTimeoutSeconds,
    log,
  };
}
