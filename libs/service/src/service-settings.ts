import { AuditMode, InvalidConfigurationError, TrustLevel } from '@skill-service/contracts';
import { DEFAULT_MAX_RUN_RESULT_BYTES } from '@skill-service/runs';
import { BUILTIN_REGISTRY_ROOT, REPO_ROOT, pythonWorkerScript } from './install-paths.js';
import type { ServiceConfig } from './service-config.js';
import { SettingParsers as parse, readSetting, type Environment, type SettingParser } from './setting-parsers.js';

/** The service's settings as the environment gives them (`SERVICE_*`), before the log sink is added. */
export interface ServiceSettings {
  readonly registryRoot: string;
  readonly runtimeRoot: string;
  readonly asyncWorkers: number;
  readonly maxWorkers: number;
  readonly maxRuns: number;
  readonly maxRunResultBytes: number;
  readonly runAttempts: number;
  readonly outboundAllow: readonly string[];
  readonly auditPath: string | undefined;
  readonly auditMode: AuditMode;
  readonly trustLevel: TrustLevel;
  readonly stepTimeoutSeconds: number;
  readonly bindingPreference: readonly string[] | undefined;
  readonly secretEnvAllow: readonly string[] | undefined;
  readonly python: { readonly executable: string; readonly poolSize: number; readonly extraModulePrefixes: readonly string[] };
}

export interface ServiceSettingsOptions {
  /** Wins over SERVICE_REGISTRY_ROOT; checked as a directory and blamed as `--registry-root`. */
  readonly registryRoot?: string;
  /** Wins over SERVICE_RUNTIME_ROOT; checked as a directory and blamed as `--runtime-root`. */
  readonly runtimeRoot?: string;
  /** When neither is given; default the checkout's `registry/` and the checkout. */
  readonly defaults?: { readonly registryRoot: string; readonly runtimeRoot: string };
}

/** `NAME` or `PREFIX_*` entries, comma-separated. */
const envAllowList: SettingParser<string[]> = (raw, name) =>
  parse.list(raw, name).map((entry) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*\*?$/.test(entry)) throw new InvalidConfigurationError(`${name} entries are variable names or PREFIX_* patterns, got '${entry}'`);
    return entry;
  });

/** Documented in the apps' help texts (one line per group). */
export const SERVICE_ENVIRONMENT_HELP = `  SERVICE_REGISTRY_ROOT (<checkout>/registry), SERVICE_RUNTIME_ROOT (<checkout>),
  SERVICE_ASYNC_WORKERS (4), SERVICE_MAX_WORKERS (8), SERVICE_MAX_RUNS (100),
  SERVICE_MAX_RUN_RESULT_BYTES (1048576), SERVICE_RUN_ATTEMPTS (1: starts of a run whose worker died, shared state only),
  SERVICE_OUTBOUND_ALLOW (comma list of hosts/CIDRs), SERVICE_AUDIT_PATH (none), SERVICE_AUDIT_MODE (standard),
  SERVICE_TRUST_LEVEL (standard), SERVICE_STEP_TIMEOUT_SECONDS (60), SERVICE_BINDING_PREFERENCE (comma list),
  SERVICE_PYTHON (python3), SERVICE_PYTHON_WORKERS (2), SERVICE_PYTHON_MODULES (extra module prefixes),
  SERVICE_SECRET_ENV_ALLOW (comma list of names or PREFIX_* that \${VAR} placeholders may read; SERVICE_*, OTEL_* never)`;

/**
 * The service settings every surface shares (server, tool bridge, CLI), from `SERVICE_*` variables.
 * Throws `InvalidConfigurationError` with a one-line message naming the variable on a bad value.
 */
export function serviceSettingsFromEnvironment(env: Environment, options: ServiceSettingsOptions = {}): ServiceSettings {
  const defaults = options.defaults ?? { registryRoot: BUILTIN_REGISTRY_ROOT, runtimeRoot: REPO_ROOT };
  return {
    registryRoot: readSetting(env, 'SERVICE_REGISTRY_ROOT', parse.directory, defaults.registryRoot, { name: '--registry-root', raw: options.registryRoot }),
    runtimeRoot: readSetting(env, 'SERVICE_RUNTIME_ROOT', parse.directory, defaults.runtimeRoot, { name: '--runtime-root', raw: options.runtimeRoot }),
    asyncWorkers: readSetting(env, 'SERVICE_ASYNC_WORKERS', parse.integer(1, 256), 4),
    maxWorkers: readSetting(env, 'SERVICE_MAX_WORKERS', parse.integer(1, 256), 8),
    maxRuns: readSetting(env, 'SERVICE_MAX_RUNS', parse.integer(1, 1_000_000), 100),
    maxRunResultBytes: readSetting(env, 'SERVICE_MAX_RUN_RESULT_BYTES', parse.integer(1024, 100 * 1024 * 1024), DEFAULT_MAX_RUN_RESULT_BYTES),
    runAttempts: readSetting(env, 'SERVICE_RUN_ATTEMPTS', parse.integer(1, 10), 1),
    outboundAllow: readSetting(env, 'SERVICE_OUTBOUND_ALLOW', parse.list, []),
    auditPath: readSetting<string | undefined>(env, 'SERVICE_AUDIT_PATH', parse.file, undefined),
    auditMode: readSetting(env, 'SERVICE_AUDIT_MODE', parse.oneOf(AuditMode.options), 'standard'),
    trustLevel: readSetting(env, 'SERVICE_TRUST_LEVEL', parse.oneOf(TrustLevel.options), 'standard'),
    stepTimeoutSeconds: readSetting(env, 'SERVICE_STEP_TIMEOUT_SECONDS', parse.seconds(86_400), 60),
    bindingPreference: readSetting<string[] | undefined>(env, 'SERVICE_BINDING_PREFERENCE', parse.list, undefined),
    secretEnvAllow: readSetting<string[] | undefined>(env, 'SERVICE_SECRET_ENV_ALLOW', envAllowList, undefined),
    python: {
      executable: readSetting(env, 'SERVICE_PYTHON', parse.text, 'python3'),
      poolSize: readSetting(env, 'SERVICE_PYTHON_WORKERS', parse.integer(1, 64), 2),
      extraModulePrefixes: readSetting(env, 'SERVICE_PYTHON_MODULES', parse.list, []),
    },
  };
}

/**
 * The façade's configuration from parsed settings. `env` also feeds `${ENV_VAR}` placeholders and
 * provider child processes; the worker script defaults to the installed pythoncall package's.
 */
export function serviceConfigOf(
  settings: ServiceSettings,
  env: Environment,
  log: ServiceConfig['log'],
  workerScript: string = pythonWorkerScript(),
): ServiceConfig {
  return {
    registryRoot: settings.registryRoot,
    runtimeRoot: settings.runtimeRoot,
    env,
    maxWorkers: settings.maxWorkers,
    asyncWorkers: settings.asyncWorkers,
    maxRuns: settings.maxRuns,
    maxRunResultBytes: settings.maxRunResultBytes,
    runAttempts: settings.runAttempts,
    ...(settings.bindingPreference === undefined ? {} : { bindingPreference: settings.bindingPreference }),
    ...(settings.secretEnvAllow === undefined ? {} : { secretEnvAllow: settings.secretEnvAllow }),
    outboundAllow: settings.outboundAllow,
    python: { ...settings.python, workerScript },
    maxTrustLevel: settings.trustLevel,
    defaultAuditMode: settings.auditMode,
    ...(settings.auditPath === undefined ? {} : { auditPath: settings.auditPath }),
    defaultStepTimeoutSeconds: settings.stepTimeoutSeconds,
    log,
  };
}

/**
 * `serviceSettingsFromEnvironment` then `serviceConfigOf`: what the bridge and the CLI open
 * `SkillService` with. Throws `InvalidConfigurationError` naming the variable on a bad value.
 */
export function serviceConfigFromEnvironment(
  env: Environment,
  options: ServiceSettingsOptions & { readonly log: ServiceConfig['log'] },
): ServiceConfig {
  return serviceConfigOf(serviceSettingsFromEnvironment(env, options), env, options.log);
}
