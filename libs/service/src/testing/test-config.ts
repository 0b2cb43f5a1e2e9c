// Shared by the specs (nothing in the library imports it): a ServiceConfig over the repository's
// own data folders, with every outbound destination blocked and nothing read from the environment.
import { join } from 'node:path';
import type { ServiceConfig } from '../service-config.js';

/** The repository root (holds `registry/`, `services/`, `bindings/`). */
export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..', '..');

export type LogEntry = Parameters<ServiceConfig['log']>[0];

/** The config of the default tree, and the log lines the runtime wrote. */
export function testConfig(overrides: Partial<ServiceConfig> = {}): { config: ServiceConfig; logs: LogEntry[] } {
  const logs: LogEntry[] = [];
  const config: ServiceConfig = {
    registryRoot: join(REPO_ROOT, 'registry'),
    runtimeRoot: REPO_ROOT,
    env: {},
    maxWorkers: 4,
    outboundAllow: [],
    python: { executable: 'python3', poolSize: 1, extraModulePrefixes: [] },
    maxTrustLevel: 'standard',
    defaultAuditMode: 'off',
    defaultStepTimeoutSeconds: 30,
    log: (entry) => logs.push(entry),
    ...overrides,
  };
  return { config, logs };
}
