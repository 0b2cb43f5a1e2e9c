import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidConfigurationError } from '@skill-service/contracts';
import { BUILTIN_REGISTRY_ROOT, REPO_ROOT, packageVersion, pythonWorkerScript } from './install-paths.js';
import { serviceConfigFromEnvironment, serviceSettingsFromEnvironment } from './service-settings.js';

const log = (): void => undefined;

describe('serviceSettingsFromEnvironment', () => {
  it('defaults to the checkout and the documented values', () => {
    expect(serviceSettingsFromEnvironment({})).toEqual({
      registryRoot: BUILTIN_REGISTRY_ROOT,
      runtimeRoot: REPO_ROOT,
      asyncWorkers: 4,
      maxWorkers: 8,
      maxRuns: 100,
      maxRunResultBytes: 1024 * 1024,
      runAttempts: 1,
      outboundAllow: [],
      auditPath: undefined,
      auditMode: 'standard',
      trustLevel: 'standard',
      stepTimeoutSeconds: 60,
      bindingPreference: undefined,
      python: { executable: 'python3', poolSize: 2, extraModulePrefixes: [] },
    });
  });

  it('reads every SERVICE_* variable, an empty one counting as unset', () => {
    const settings = serviceSettingsFromEnvironment({
      SERVICE_REGISTRY_ROOT: join(REPO_ROOT, 'registry'),
      SERVICE_RUNTIME_ROOT: join(REPO_ROOT, 'services'),
      SERVICE_ASYNC_WORKERS: '2',
      SERVICE_MAX_WORKERS: '3',
      SERVICE_MAX_RUNS: '',
      SERVICE_OUTBOUND_ALLOW: '127.0.0.1:8780, 10.0.0.0/8',
      SERVICE_AUDIT_PATH: 'audit.jsonl',
      SERVICE_AUDIT_MODE: 'full',
      SERVICE_TRUST_LEVEL: 'elevated',
      SERVICE_STEP_TIMEOUT_SECONDS: '1.5',
      SERVICE_BINDING_PREFERENCE: 'mcp,pythoncall',
      SERVICE_PYTHON: 'python3.12',
      SERVICE_PYTHON_WORKERS: '1',
      SERVICE_PYTHON_MODULES: 'mine.',
      SERVICE_MAX_RUN_RESULT_BYTES: '4096',
      SERVICE_RUN_ATTEMPTS: '3',
    });
    expect(settings).toMatchObject({
      runtimeRoot: join(REPO_ROOT, 'services'),
      asyncWorkers: 2,
      maxWorkers: 3,
      maxRuns: 100,
      maxRunResultBytes: 4096,
      runAttempts: 3,
      outboundAllow: ['127.0.0.1:8780', '10.0.0.0/8'],
      auditMode: 'full',
      trustLevel: 'elevated',
      stepTimeoutSeconds: 1.5,
      bindingPreference: ['mcp', 'pythoncall'],
      python: { executable: 'python3.12', poolSize: 1, extraModulePrefixes: ['mine.'] },
    });
    expect(settings.auditPath).toMatch(/\/audit\.jsonl$/);
  });

  it('lets explicit roots win over the variables, and checks them under their flag names', () => {
    const services = join(REPO_ROOT, 'services');
    const settings = serviceSettingsFromEnvironment({ SERVICE_RUNTIME_ROOT: '/definitely/not/here' }, { runtimeRoot: services, registryRoot: services });
    expect(settings).toMatchObject({ registryRoot: services, runtimeRoot: services });
    expect(() => serviceSettingsFromEnvironment({}, { registryRoot: '/definitely/not/here' })).toThrow("--registry-root is not a directory: '/definitely/not/here'");
  });

  it.each([
    [{ SERVICE_ASYNC_WORKERS: '0' }, "SERVICE_ASYNC_WORKERS must be an integer from 1 to 256, got '0'"],
    [{ SERVICE_MAX_RUNS: 'many' }, "SERVICE_MAX_RUNS must be an integer from 1 to 1000000, got 'many'"],
    [{ SERVICE_MAX_RUN_RESULT_BYTES: '10' }, "SERVICE_MAX_RUN_RESULT_BYTES must be an integer from 1024 to 104857600, got '10'"],
    [{ SERVICE_RUN_ATTEMPTS: '0' }, "SERVICE_RUN_ATTEMPTS must be an integer from 1 to 10, got '0'"],
    [{ SERVICE_TRUST_LEVEL: 'root' }, "SERVICE_TRUST_LEVEL must be one of sandbox, standard, elevated, privileged, got 'root'"],
    [{ SERVICE_STEP_TIMEOUT_SECONDS: '-1' }, "SERVICE_STEP_TIMEOUT_SECONDS must be a number of seconds above 0 and at most 86400, got '-1'"],
    [{ SERVICE_REGISTRY_ROOT: '/definitely/not/here' }, "SERVICE_REGISTRY_ROOT is not a directory: '/definitely/not/here'"],
    [{ SERVICE_PYTHON: ' ' }, 'SERVICE_PYTHON must not be empty'],
  ])('refuses %j with InvalidConfigurationError naming the variable', (env, message) => {
    let thrown: unknown;
    try {
      serviceSettingsFromEnvironment(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidConfigurationError);
    expect((thrown as Error).message).toBe(message);
  });
});

describe('serviceConfigFromEnvironment', () => {
  it('builds the façade config: the environment passed through, the installed worker script', () => {
    const env = { SERVICE_MAX_WORKERS: '5', SERVICE_AUDIT_MODE: 'off', PATH: '/bin' };
    const config = serviceConfigFromEnvironment(env, { log });
    expect(config).toMatchObject({
      registryRoot: BUILTIN_REGISTRY_ROOT,
      runtimeRoot: REPO_ROOT,
      env,
      maxWorkers: 5,
      asyncWorkers: 4,
      maxRuns: 100,
      outboundAllow: [],
      maxTrustLevel: 'standard',
      defaultAuditMode: 'off',
      defaultStepTimeoutSeconds: 60,
      python: { executable: 'python3', poolSize: 2, extraModulePrefixes: [], workerScript: pythonWorkerScript() },
      log,
    });
    expect(config).not.toHaveProperty('auditPath');
    expect(config).not.toHaveProperty('bindingPreference');
  });
});

describe('install paths', () => {
  it('find the checkout, its registry, the Python worker and a package version', () => {
    expect(existsSync(join(REPO_ROOT, 'nx.json'))).toBe(true);
    expect(existsSync(join(BUILTIN_REGISTRY_ROOT, 'skills'))).toBe(true);
    expect(pythonWorkerScript()).toMatch(/skill_worker\.py$/);
    expect(existsSync(pythonWorkerScript())).toBe(true);
    expect(packageVersion(new URL('../package.json', import.meta.url))).toMatch(/^\d+\.\d+\.\d+/);
  });
});
