import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_JWT_LEEWAY_SECONDS, DEFAULT_MAX_TRACKED_CLIENTS, MIN_JWT_SECRET_BYTES, isCleanCredential } from '@skill-service/auth';
import { AuditMode, ROLES, TrustLevel, type Role } from '@skill-service/contracts';
import { PLUGIN_NAME } from './auth-plugins.js';
import { ProxyTrust } from './client-address.js';

export interface ServerOptions {
  readonly host: string;
  readonly port: number;
  /** The API key: the legacy mode's one key, or with RBAC an admin key (subject `default`). */
  readonly apiKey: string | undefined;
  /** Per client (authenticated subject, else address); 429 past it. */
  readonly rateLimit: { readonly requests: number; readonly windowSeconds: number; readonly maxClients: number };
  readonly auth: AuthOptions;
  /** Proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client. */
  readonly trustProxy: readonly string[];
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

export interface ApiKeyHash {
  readonly subject: string;
  readonly role: Role;
  /** SHA-256 of the key, 64 hex digits. */
  readonly sha256: string;
}

export interface AuthOptions {
  /** `SERVICE_RBAC=1`: identities with roles; otherwise the legacy flat key check. */
  readonly rbac: boolean;
  /** More keys (RBAC), known only by their SHA-256: `SERVICE_API_KEYS=subject:role:sha256,…`. */
  readonly apiKeyHashes: readonly ApiKeyHash[];
  /** Bearer JWTs (HS256), RBAC only. */
  readonly jwt: { readonly secret: string; readonly leewaySeconds: number; readonly issuer?: string; readonly audience?: string } | undefined;
  /** Health and the API description answer without credentials (default); false requires reader. */
  readonly publicProbes: boolean;
  /** Auth backends to enable, by the name their package declares (RBAC only). */
  readonly plugins: readonly string[];
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

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
const flag: Parse<boolean> = (raw, name) => {
  const value = raw.trim().toLowerCase();
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  throw new UsageError(`${name} must be 1 or 0 (true/false, yes/no, on/off), got '${raw}'`);
};

const apiKey: Parse<string> = (raw, name) => {
  if (!isCleanCredential(raw)) throw new UsageError(`${name} must be 1 to 8192 printable ASCII characters without leading or trailing spaces`);
  return raw;
};

const jwtSecret: Parse<string> = (raw, name) => {
  if (Buffer.byteLength(raw, 'utf8') < MIN_JWT_SECRET_BYTES) throw new UsageError(`${name} must be at least ${MIN_JWT_SECRET_BYTES} bytes long (HS256 key)`);
  return raw;
};

/** `subject:role:sha256hex`, comma-separated. */
const apiKeyHashes: Parse<ApiKeyHash[]> = (raw, name) =>
  list(raw, name).map((item, index) => {
    const match = /^([^:\s]{1,256}):([a-z]+):([0-9a-fA-F]{64})$/.exec(item);
    const role = match?.[2];
    if (match === null || role === undefined || !(ROLES as readonly string[]).includes(role)) {
      // The entry itself is not echoed: it might be a raw key pasted by mistake.
      throw new UsageError(`${name} entry ${index + 1} is not subject:role:sha256 (role one of ${ROLES.join(', ')}, 64 hex digits)`);
    }
    return { subject: match[1] ?? '', role: role as Role, sha256: (match[3] ?? '').toLowerCase() };
  });

const pluginNames: Parse<string[]> = (raw, name) =>
  list(raw, name).map((item) => {
    if (!PLUGIN_NAME.test(item)) throw new UsageError(`${name}: '${item}' is not a plugin name (lower-case letters, digits, '.', '_', '-')`);
    return item;
  });

const cidrs: Parse<string[]> = (raw, name) => {
  const entries = list(raw, name);
  try {
    ProxyTrust.parse(entries);
  } catch (error) {
    throw new UsageError(`${name}: ${(error as Error).message}`);
  }
  return entries;
};

export interface OptionDefaults {
  readonly registryRoot: string;
  readonly runtimeRoot: string;
}

export const USAGE = `Usage: skill-server [options]   (flags win over the environment)
  --host <address>                   SERVICE_HOST                     default 127.0.0.1
  --port <port>                      SERVICE_PORT                     default 8080 (0: any free port)
  --api-key <key>                    SERVICE_API_KEY                  default none (RBAC: an admin key)
  --rate-limit-requests <n>          SERVICE_RATE_LIMIT_REQUESTS      default 60 per window and client
  --rate-limit-window-seconds <s>    SERVICE_RATE_LIMIT_WINDOW_SECONDS default 60
  --trust-proxy <ips/cidrs>          SERVICE_TRUST_PROXY              default none (X-Forwarded-For ignored)
  --auth-plugin <name> (repeatable)  SERVICE_AUTH_PLUGINS (comma list) default none (needs SERVICE_RBAC=1)
  --require-auth-all                 SERVICE_REQUIRE_AUTH_ALL=1       health and /openapi.json need reader too
  --registry-root <dir>              SERVICE_REGISTRY_ROOT            default <checkout>/registry
  --runtime-root <dir>               SERVICE_RUNTIME_ROOT             default <checkout>
  --body-limit <size>                SERVICE_BODY_LIMIT               default 1mb
Environment only:
  SERVICE_RBAC (0; 1 = roles), SERVICE_JWT_SECRET (none; >= 32 bytes, RBAC), SERVICE_JWT_LEEWAY_SECONDS (30),
  SERVICE_JWT_ISSUER, SERVICE_JWT_AUDIENCE (not checked unless set), SERVICE_API_KEYS (subject:role:sha256,… RBAC),
  SERVICE_RATE_LIMIT_MAX_CLIENTS (10000),
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
  let flags: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values: flags } = parseArgs({
      args: [...argv],
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'api-key': { type: 'string' },
        'rate-limit-requests': { type: 'string' },
        'rate-limit-window-seconds': { type: 'string' },
        'trust-proxy': { type: 'string' },
        'auth-plugin': { type: 'string', multiple: true },
        'require-auth-all': { type: 'boolean' },
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

  /** Auth settings, with the combinations that cannot work refused (they need RBAC). */
  function authOptions(): AuthOptions {
    const rbac = setting(undefined, 'SERVICE_RBAC', flag, false);
    const secret = setting<string | undefined>(undefined, 'SERVICE_JWT_SECRET', jwtSecret, undefined);
    const issuer = setting<string | undefined>(undefined, 'SERVICE_JWT_ISSUER', text, undefined);
    const audience = setting<string | undefined>(undefined, 'SERVICE_JWT_AUDIENCE', text, undefined);
    const fromFlags = flags['auth-plugin'];
    const plugins = Array.isArray(fromFlags)
      ? fromFlags.flatMap((raw) => pluginNames(raw, '--auth-plugin'))
      : setting(undefined, 'SERVICE_AUTH_PLUGINS', pluginNames, []);
    const hashes = setting(undefined, 'SERVICE_API_KEYS', apiKeyHashes, []);
    const requireAll = flags['require-auth-all'] === true || setting(undefined, 'SERVICE_REQUIRE_AUTH_ALL', flag, false);
    if (!rbac) {
      const needsRbac = [secret === undefined ? '' : 'SERVICE_JWT_SECRET', hashes.length === 0 ? '' : 'SERVICE_API_KEYS', plugins.length === 0 ? '' : 'auth plugins'].filter((x) => x !== '');
      if (needsRbac.length > 0) throw new UsageError(`${needsRbac.join(', ')} need${needsRbac.length === 1 ? 's' : ''} SERVICE_RBAC=1 (the legacy mode has one API key and no roles)`);
    }
    return {
      rbac,
      apiKeyHashes: hashes,
      jwt:
        secret === undefined
          ? undefined
          : {
              secret,
              leewaySeconds: setting(undefined, 'SERVICE_JWT_LEEWAY_SECONDS', integer(0, 300), DEFAULT_JWT_LEEWAY_SECONDS),
              ...(issuer === undefined ? {} : { issuer }),
              ...(audience === undefined ? {} : { audience }),
            },
      publicProbes: !requireAll,
      plugins,
    };
  }

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
      apiKey: setting<string | undefined>('api-key', 'SERVICE_API_KEY', apiKey, undefined),
      rateLimit: {
        requests: setting('rate-limit-requests', 'SERVICE_RATE_LIMIT_REQUESTS', integer(1, 1_000_000), 60),
        windowSeconds: setting('rate-limit-window-seconds', 'SERVICE_RATE_LIMIT_WINDOW_SECONDS', seconds(86_400), 60),
        maxClients: setting(undefined, 'SERVICE_RATE_LIMIT_MAX_CLIENTS', integer(1, 1_000_000), DEFAULT_MAX_TRACKED_CLIENTS),
      },
      auth: authOptions(),
      trustProxy: setting('trust-proxy', 'SERVICE_TRUST_PROXY', cidrs, []),
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
