import { delimiter } from 'node:path';
import { childEnvironment, DEFAULT_PLACEHOLDER_RULES, type PlaceholderRules } from '@skill-service/bindings';
import { InvalidConfigurationError } from '@skill-service/contracts';
import { DEFAULT_ALLOWED_MODULE_PREFIXES, isBlockedModule, isModulePrefix } from './module-policy.js';
import { WORKER_SCRIPT_PATH } from './worker-script.js';

/** One line of worker output (its stderr, prints included) or a pool event. */
export interface PythonCallLogEntry {
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
  /** Undefined when the process could not be started. */
  readonly workerPid: number | undefined;
  /** The module of the worker's latest call (stderr may arrive just after its reply). */
  readonly module?: string;
}

/** Configuration of a PythonCallProvider; the app derives it from its environment. */
export interface PythonCallOptions {
  /** The interpreter to run (no shell is involved). Default `python3`. */
  readonly pythonExecutable?: string;
  /** Persistent worker processes, each running one call at a time. Default 2. */
  readonly poolSize?: number;
  /** Module prefixes that may be called. Default: DEFAULT_ALLOWED_MODULE_PREFIXES. */
  readonly allowedModulePrefixes?: readonly string[];
  /** Directories put first on the workers' PYTHONPATH (e.g. the runtime root). */
  readonly pythonPath?: readonly string[];
  /**
   * The server's environment. Workers inherit only its basics (`PATH`, `HOME`, `LANG`, `LC_*`,
   * `TMPDIR`, and `PYTHONPATH` after `pythonPath`), plus the `env:` a pythoncall service declares,
   * whose `${VAR}` placeholders it feeds. Default: this process's environment.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Which variables placeholders may read (`SERVICE_*`/`OTEL_*` never); default: any other. */
  readonly placeholderRules?: PlaceholderRules;
  /** Receives each worker stderr line and pool event. Default: written to this process's stderr. */
  readonly log?: (entry: PythonCallLogEntry) => void;
  /** Largest accepted response line in bytes; a longer one replaces the worker. Default 16 MiB. */
  readonly maxLineBytes?: number;
  /** Calls that may wait for a free worker; beyond it a call fails `service_unavailable`. Default 1000. */
  readonly maxQueue?: number;
  /** Path of skill_worker.py, for bundles that relocate it. Default: the copy in this package. */
  readonly workerScript?: string;
}

export interface ResolvedPythonCallOptions {
  readonly pythonExecutable: string;
  readonly poolSize: number;
  readonly allowedModulePrefixes: readonly string[];
  readonly maxLineBytes: number;
  readonly maxQueue: number;
  readonly workerScript: string;
  readonly workerEnv: NodeJS.ProcessEnv;
  /** The server's environment, for services that declare an `env:` of their own. */
  readonly serverEnv: Readonly<Record<string, string | undefined>>;
  readonly placeholderRules: PlaceholderRules;
  readonly pythonPath: readonly string[];
  readonly log: (entry: PythonCallLogEntry) => void;
}

const defaultLog = (entry: PythonCallLogEntry): void => {
  const where = entry.workerPid === undefined ? 'pythoncall' : `pythoncall ${entry.workerPid}`;
  process.stderr.write(`[${where}] ${entry.level}: ${entry.message}\n`);
};

function positiveInteger(name: string, value: number | undefined, fallback: number, min: number): number {
  const chosen = value ?? fallback;
  if (!Number.isInteger(chosen) || chosen < min) {
    throw new InvalidConfigurationError(`pythoncall option ${name} must be an integer >= ${min}, got ${chosen}`);
  }
  return chosen;
}

/** Applies defaults and refuses unusable values at construction, not at the first call. */
export function resolvePythonCallOptions(options: PythonCallOptions): ResolvedPythonCallOptions {
  const allowedModulePrefixes = [...(options.allowedModulePrefixes ?? DEFAULT_ALLOWED_MODULE_PREFIXES)];
  for (const prefix of allowedModulePrefixes) {
    if (!isModulePrefix(prefix)) throw new InvalidConfigurationError(`"${prefix}" is not a python module prefix`);
    if (isBlockedModule(prefix)) throw new InvalidConfigurationError(`module prefix ${prefix} names a blocked module`);
  }
  const pythonExecutable = options.pythonExecutable ?? 'python3';
  if (pythonExecutable.trim() === '') throw new InvalidConfigurationError('pythoncall option pythonExecutable is empty');

  const serverEnv = options.env ?? process.env;
  const pythonPath = options.pythonPath ?? [];
  return {
    pythonExecutable,
    poolSize: positiveInteger('poolSize', options.poolSize, 2, 1),
    allowedModulePrefixes,
    maxLineBytes: positiveInteger('maxLineBytes', options.maxLineBytes, 16 * 1024 * 1024, 1024),
    maxQueue: positiveInteger('maxQueue', options.maxQueue, 1000, 0),
    workerScript: options.workerScript ?? WORKER_SCRIPT_PATH,
    workerEnv: workerEnvironment(serverEnv, pythonPath, {}, DEFAULT_PLACEHOLDER_RULES),
    serverEnv,
    placeholderRules: options.placeholderRules ?? DEFAULT_PLACEHOLDER_RULES,
    pythonPath,
    log: options.log ?? defaultLog,
  };
}

/**
 * A worker's environment: the basics of `childEnvironment` (never the server's secrets), the
 * service's declared `env:` with its placeholders resolved under `rules`, then what the worker
 * protocol needs: the runtime root first on `PYTHONPATH`, unbuffered UTF-8 pipes.
 */
export function workerEnvironment(
  serverEnv: Readonly<Record<string, string | undefined>>,
  pythonPath: readonly string[],
  declared: Readonly<Record<string, string>>,
  rules: PlaceholderRules,
): NodeJS.ProcessEnv {
  const inherited = (serverEnv['PYTHONPATH'] ?? '').split(delimiter).filter((dir) => dir !== '');
  return {
    ...childEnvironment(serverEnv, declared, rules),
    PYTHONPATH: [...pythonPath, ...inherited].join(delimiter),
    PYTHONUNBUFFERED: '1',
    PYTHONIOENCODING: 'utf-8',
  };
}
