import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AuditMode, TrustLevel } from '@skill-service/contracts';

export interface ServerOptions {
  readonly host: string;
  readonly port: number;
  /** Kept for #7, which enforces it (x-api-key, or Authorization: Bearer). */
  readonly apiKey: string | undefined;
  /** Kept for #7, which enforces it (429 past the limit). */
  readonly rateLimit: { readonly requests: number; readonly windowSeconds: number };
  readonly registryRoot: string;
  readonly runtimeRoot: string;
  readonly bodyLimitBytes: number;
  readonly asyncWorkers: number;
  readonly maxWorkers: number;
  readonly maxRuns: number;
  readonly outboundAllow: readonly string[];
  readonly auditPath: string | undefined;
  readonly auditMode: AuditMode;
  readonly trustLevel: TrustLevel;
  readonly stepTimeoutSeconds: number;
  readonly bindingPreference: readonly string[] | undefined;
  readonly python: { readonly executable: string; readonly poolSize: number; readonly extraModulePrefixes: readonly string[] };
  readonly heartbeatMs: number;
  readonly drainMs: number;
}

export type ServerCommand =
  | { readonly kind: 'serve'; readonly options: ServerOptions }
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'usage_error'; readonly message: string };

class UsageError extends Error {}

type Parse<T> = (raw: string, name: string) => T;

const integer =
  (min: number, max: number): Parse<number> =>
  (raw, name) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || value < min || value > max) throw new UsageError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
    return value;
  };

const seconds =
  (max: number): Parse<number> =>
  (raw, name) => {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value) || value <= 0 || value > max) throw new UsageError(`${name} must be a number of seconds above 0 and at most ${max}, got '${raw}'`);
    return value;
  };

const BYTE_UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2 };
const MAX_BODY_BYTES = 100 * 1024 ** 2;

/** `1048576`, `512kb`, `1mb` (1024-based, as body-parser reads them). */
const bytes: Parse<number> = (raw, name) => {
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(raw.trim());
  const value = match === null ? Number.NaN : Number(match[1]) * (BYTE_UNITS[(match[2] ?? '').toLowerCase()] ?? Number.NaN);
  if (!(value >= 1 && value <= MAX_BODY_BYTES)) throw new UsageError(`${name} must be a size from 1 byte to 100mb (e.g. 1048576, 512kb, 1mb), got '${raw}'`);
  return value;
};

const text: Parse<string> = (raw, name) => {
  if (raw.trim() === '') throw new UsageError(`${name} must not be empty`);
  return raw;
};

const list: Parse<string[]> = (raw) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const oneOf =
  <T extends string>(values: readonly T[]): Parse<T> =>
  (raw, name) => {
    if (!(values as readonly string[]).includes(raw)) throw new UsageError(`${name} must be one of ${values.join(', ')}, got '${raw}'`);
    return raw as T;
  };

const directory: Parse<string> = (raw, name) => {
  const path = resolve(text(raw, name));
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory() !== true) throw new UsageError(`${name} is not a directory: '${raw}'`);
  return path;
};

const file: Parse<string> = (raw, name) => resolve(text(raw, name));

export interface OptionDefaults {
  readonly registryRoot: string;
  readonly runtimeRoot: string;
}

export const USAGE = `Usage: skill-server [options]   (flags win over the environment)
  --host <address>                   SERVICE_HOST                     default 127.0.0.1
  --port <port>                      SERVICE_PORT                     default 8080 (0: any free port)
  --api-key <key>                    SERVICE_API_KEY                  default none
  --rate-limit-requests <n>          SERVICE_RATE_LIMIT_REQUESTS      default 60
  --rate-limit-window-seconds <s>    SERVICE_RATE_LIMIT_WINDOW_SECONDS default 60
  --registry-root <dir>              SERVICE_REGISTRY_ROOT            default <checkout>/registry
  --runtime-root <dir>               SERVICE_RUNTIME_ROOT             default <checkout>
  --body-limit <size>                SERVICE_BODY_LIMIT               default 1mb
Environment only:
  SERVICE_ASYNC_WORKERS (4), SERVICE_MAX_WORKERS (8), SERVICE_MAX_RUNS (100),
  SERVICE_OUTBOUND_ALLOW (comma list of hosts/CIDRs), SERVICE_AUDIT_PATH (none), SERVICE_AUDIT_MODE (standard),
  SERVICE_TRUST_LEVEL (standard), SERVICE_STEP_TIMEOUT_SECONDS (60), SERVICE_BINDING_PREFERENCE (comma list),
  SERVICE_PYTHON (python3), SERVICE_PYTHON_WORKERS (2), SERVICE_PYTHON_MODULES (extra module prefixes),
  SERVICE_SSE_HEARTBEAT_SECONDS (15), SERVICE_DRAIN_SECONDS (10)`;

/** Reads flags and environment; never throws, never exits (main decides what a usage error does). */
export function parseServerCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  defaults: OptionDefaults,
): ServerCommand {
  let flags: Record<string, string | boolean | undefined>;
  try {
    ({ values: flags } = parseArgs({
      args: [...argv],
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'api-key': { type: 'string' },
        'rate-limit-requests': { type: 'string' },
        'rate-limit-window-seconds': { type: 'string' },
        'registry-root': { type: 'string' },
        'runtime-root': { type: 'string' },
        'body-limit': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // node's messages go on with advice about `--`; the first sentence is the useful part. Duck-typed:
    // under Jest's VM realm node's errors are not `instanceof Error`.
    const message = String((error as { message?: unknown }).message ?? error);
    return { kind: 'usage_error', message: (message.split(/\.\s/)[0] ?? message).replace(/\.$/, '') };
  }
  if (flags['help'] === true) return { kind: 'help', text: USAGE };

  /** The flag's value, else the variable's (an empty variable counts as unset), else the default. */
  function setting<T>(flag: string | undefined, variable: string, parse: Parse<T>, fallback: T): T {
    const fromFlag = flag === undefined ? undefined : flags[flag];
    if (typeof fromFlag === 'string') return parse(fromFlag, `--${flag}`);
    const fromEnv = env[variable];
    return fromEnv === undefined || fromEnv === '' ? fallback : parse(fromEnv, variable);
  }

  try {
    const options: ServerOptions = {
      host: setting('host', 'SERVICE_HOST', text, '127.0.0.1'),
      port: setting('port', 'SERVICE_PORT', integer(0, 65535), 8080),
      apiKey: setting<string | undefined>('api-key', 'SERVICE_API_KEY', text, undefined),
      rateLimit: {
        requests: setting('rate-limit-requests', 'SERVICE_RATE_LIMIT_REQUESTS', integer(1, 1_000_000), 60),
        windowSeconds: setting('rate-limit-window-seconds', 'SERVICE_RATE_LIMIT_WINDOW_SECONDS', seconds(86_400), 60),
      },
      registryRoot: setting('registry-root', 'SERVICE_REGISTRY_ROOT', directory, defaults.registryRoot),
      runtimeRoot: setting('runtime-root', 'SERVICE_RUNTIME_ROOT', directory, defaults.runtimeRoot),
      bodyLimitBytes: setting('body-limit', 'SERVICE_BODY_LIMIT', bytes, 1024 ** 2),
      asyncWorkers: setting(undefined, 'SERVICE_ASYNC_WORKERS', integer(1, 256), 4),
      maxWorkers: setting(undefined, 'SERVICE_MAX_WORKERS', integer(1, 256), 8),
      maxRuns: setting(undefined, 'SERVICE_MAX_RUNS', integer(1, 1_000_000), 100),
      outboundAllow: setting(undefined, 'SERVICE_OUTBOUND_ALLOW', list, []),
      auditPath: setting<string | undefined>(undefined, 'SERVICE_AUDIT_PATH', file, undefined),
      auditMode: setting(undefined, 'SERVICE_AUDIT_MODE', oneOf(AuditMode.options), 'standard'),
      trustLevel: setting(undefined, 'SERVICE_TRUST_LEVEL', oneOf(TrustLevel.options), 'standard'),
      stepTimeoutSeconds: setting(undefined, 'SERVICE_STEP_TIMEOUT_SECONDS', seconds(86_400), 60),
      bindingPreference: setting<string[] | undefined>(undefined, 'SERVICE_BINDING_PREFERENCE', list, undefined),
      python: {
        executable: setting(undefined, 'SERVICE_PYTHON', text, 'python3'),
        poolSize: setting(undefined, 'SERVICE_PYTHON_WORKERS', integer(1, 64), 2),
        extraModulePrefixes: setting(undefined, 'SERVICE_PYTHON_MODULES', list, []),
      },
      heartbeatMs: setting(undefined, 'SERVICE_SSE_HEARTBEAT_SECONDS', seconds(3600), 15) * 1000,
      drainMs: setting(undefined, 'SERVICE_DRAIN_SECONDS', seconds(600), 10) * 1000,
    };
    return { kind: 'serve', options };
  } catch (error) {
    if (error instanceof UsageError) return { kind: 'usage_error', message: error.message };
    throw error;
  }
}
