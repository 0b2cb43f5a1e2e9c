import { isIPv4 } from 'node:net';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_TRACKED_CLIENTS } from '@skill-service/auth';
import { DEFAULT_IDEMPOTENCY_TTL_SECONDS } from '@skill-service/idempotency';
import { InvalidConfigurationError, isServiceError } from '@skill-service/contracts';
import {
  SettingParsers,
  authSettingsFromEnvironment,
  credential,
  readSetting,
  serviceSettingsFromEnvironment,
  type AuthEnvironment,
  type ServiceSettings,
  type SettingParser,
} from '@skill-service/service';
import { PLUGIN_NAME } from './auth-plugins.js';
import { ProxyTrust } from './client-address.js';

/** The shared service settings (@skill-service/service) plus the HTTP server's own. */
export interface ServerOptions extends ServiceSettings {
  readonly host: string;
  readonly port: number;
  /** The API key: the legacy mode's one key, or with RBAC an admin key (subject `default`). */
  readonly apiKey: string | undefined;
  /** Per client (authenticated subject, else address); 429 past it. */
  readonly rateLimit: { readonly requests: number; readonly windowSeconds: number; readonly maxClients: number };
  readonly auth: AuthOptions;
  /** Proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client. */
  readonly trustProxy: readonly string[];
  readonly bodyLimitBytes: number;
  readonly heartbeatMs: number;
  readonly drainMs: number;
  /** The base URL clients reach the service at, named by /openapi.json's `servers` (else the request's origin). */
  readonly publicUrl: string | undefined;
  /** Shared state on Redis (checked when the server starts); none: the in-memory state of this process. */
  readonly redis: { readonly url: string; readonly prefix: string } | undefined;
  /** Server processes sharing the port (node:cluster); more than one needs `redis`. */
  readonly workers: number;
  /** How long the answer to a request with an `Idempotency-Key` is kept. */
  readonly idempotencyTtlSeconds: number;
  /** On Redis: how long a run's lock lasts unless renewed, so how soon a dead process's run is taken up. */
  readonly runLockSeconds: number;
}

/** The shared auth settings of the environment (@skill-service/service) plus the server's own. */
export interface AuthOptions extends AuthEnvironment {
  /** Health and the API description answer without credentials (default); false requires reader. */
  readonly publicProbes: boolean;
  /** Auth backends to enable, by the name their package declares (RBAC only). */
  readonly plugins: readonly string[];
}

export type ServerCommand =
  | { readonly kind: 'serve'; readonly options: ServerOptions }
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'usage_error'; readonly message: string };

type Parse<T> = SettingParser<T>;
const { integer, seconds, text, list, flag } = SettingParsers;

const BYTE_UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2 };
const MAX_BODY_BYTES = 100 * 1024 ** 2;

/** `1048576`, `512kb`, `1mb` (1024-based, as body-parser reads them). */
const bytes: Parse<number> = (raw, name) => {
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(raw.trim());
  const value = match === null ? Number.NaN : Number(match[1]) * (BYTE_UNITS[(match[2] ?? '').toLowerCase()] ?? Number.NaN);
  if (!(value >= 1 && value <= MAX_BODY_BYTES)) throw new InvalidConfigurationError(`${name} must be a size from 1 byte to 100mb (e.g. 1048576, 512kb, 1mb), got '${raw}'`);
  return value;
};

const pluginNames: Parse<string[]> = (raw, name) =>
  list(raw, name).map((item) => {
    if (!PLUGIN_NAME.test(item)) throw new InvalidConfigurationError(`${name}: '${item}' is not a plugin name (lower-case letters, digits, '.', '_', '-')`);
    return item;
  });

const cidrs: Parse<string[]> = (raw, name) => {
  const entries = list(raw, name);
  try {
    ProxyTrust.parse(entries);
  } catch (error) {
    throw new InvalidConfigurationError(`${name}: ${(error as Error).message}`);
  }
  return entries;
};

/** Enough processes for any one machine; a typo such as 1000 is refused rather than forked. */
export const MAX_WORKER_PROCESSES = 64;

/** Requests per window and client once anyone but the local user can call, or credentials exist. */
export const SHARED_RATE_LIMIT_REQUESTS = 60;
/**
 * Requests per window when the server is open (no API key, no RBAC) and listens on loopback only:
 * the one client is the person on this machine trying the API, who should not meet a 429 while
 * working through the README. A limit still stands, so a runaway local script is still stopped.
 */
export const LOCAL_RATE_LIMIT_REQUESTS = 6000;

/** Whether `host` accepts connections from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || (isIPv4(bare) && bare.startsWith('127.'));
}

/** An absolute http(s) URL without query or fragment; a trailing slash is dropped (paths are appended to it). */
const publicUrl: Parse<string> = (raw, name) => {
  let url: URL | undefined;
  try {
    url = new URL(raw.trim());
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new InvalidConfigurationError(`${name} must be an absolute http or https URL without credentials, query or fragment (e.g. https://skills.example.com), got '${raw}'`);
  }
  return url.href.replace(/\/+$/, '');
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
                                     (6000 when open, without credentials, on a loopback address)
  --rate-limit-window-seconds <s>    SERVICE_RATE_LIMIT_WINDOW_SECONDS default 60
  --trust-proxy <ips/cidrs>          SERVICE_TRUST_PROXY              default none (X-Forwarded-For ignored)
  --auth-plugin <name> (repeatable)  SERVICE_AUTH_PLUGINS (comma list) default none (needs SERVICE_RBAC=1)
  --require-auth-all                 SERVICE_REQUIRE_AUTH_ALL=1       health and /openapi.json need reader too
  --registry-root <dir>              SERVICE_REGISTRY_ROOT            default <checkout>/registry
  --runtime-root <dir>               SERVICE_RUNTIME_ROOT             default <checkout>
  --body-limit <size>                SERVICE_BODY_LIMIT               default 1mb
  --redis-url <url>                  SERVICE_REDIS_URL                default none: state in this process's memory
  --workers <n>                      SERVICE_WORKERS                  default 1 (processes on one port; > 1 needs Redis)
Environment only:
  SERVICE_REDIS_PREFIX (skills; namespaces every key, so deployments can share one Redis),
  SERVICE_IDEMPOTENCY_TTL_SECONDS (86400; how long an Idempotency-Key's answer is kept),
  SERVICE_RUN_LOCK_SECONDS (30; on Redis, how soon a dead process's run is taken up by another),
  SERVICE_RBAC (0; 1 = roles), SERVICE_JWT_SECRET (none; >= 32 bytes each, comma list to rotate, RBAC), SERVICE_JWT_LEEWAY_SECONDS (30),
  SERVICE_JWT_ISSUER, SERVICE_JWT_AUDIENCE (not checked unless set), SERVICE_JWT_REQUIRE_EXP (0),
  SERVICE_JWT_MAX_AGE_SECONDS (none; from iat), SERVICE_API_KEYS (subject:role:sha256,… RBAC),
  SERVICE_RATE_LIMIT_MAX_CLIENTS (10000),
  SERVICE_ASYNC_WORKERS (4), SERVICE_MAX_WORKERS (8), SERVICE_MAX_RUNS (100),
  SERVICE_OUTBOUND_ALLOW (comma list of hosts/CIDRs), SERVICE_AUDIT_PATH (none), SERVICE_AUDIT_MODE (standard),
  SERVICE_TRUST_LEVEL (standard), SERVICE_STEP_TIMEOUT_SECONDS (60), SERVICE_BINDING_PREFERENCE (comma list),
  SERVICE_PYTHON (python3), SERVICE_PYTHON_WORKERS (2), SERVICE_PYTHON_MODULES (extra module prefixes),
  SERVICE_SECRET_ENV_ALLOW (names or PREFIX_* that \${VAR} placeholders may read; SERVICE_*, OTEL_* never),
  SERVICE_SSE_HEARTBEAT_SECONDS (15), SERVICE_DRAIN_SECONDS (10),
  SERVICE_PUBLIC_URL (none: /openapi.json names the origin each request was sent to)
Traces (off unless set; docs/tracing.md): OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_TRACES_EXPORTER (otlp, console, none),
  OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf, http/json), OTEL_SERVICE_NAME (skill-server), OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG`;

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
        'redis-url': { type: 'string' },
        workers: { type: 'string' },
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

  /** The shared auth settings plus plugins and the probe toggle (plugins need RBAC too). */
  function authOptions(): AuthOptions {
    const fromFlags = flags['auth-plugin'];
    const plugins = Array.isArray(fromFlags)
      ? fromFlags.flatMap((raw) => pluginNames(raw, '--auth-plugin'))
      : setting(undefined, 'SERVICE_AUTH_PLUGINS', pluginNames, []);
    const requireAll = flags['require-auth-all'] === true || setting(undefined, 'SERVICE_REQUIRE_AUTH_ALL', flag, false);
    return { ...authSettingsFromEnvironment(env, { plugins }), publicProbes: !requireAll, plugins };
  }

  /** The flag's value (blamed as `--flag`), else the variable's, else the default. */
  function setting<T>(flag: string | undefined, variable: string, parse: Parse<T>, fallback: T): T {
    const fromFlag = flag === undefined ? undefined : flags[flag];
    return readSetting(env, variable, parse, fallback, { name: `--${flag}`, raw: typeof fromFlag === 'string' ? fromFlag : undefined });
  }

  /** The URL and prefix as given; their syntax is checked with the Redis adapter, loaded only when used. */
  function redisOptions(): ServerOptions['redis'] {
    const url = setting<string | undefined>('redis-url', 'SERVICE_REDIS_URL', text, undefined);
    const prefix = setting(undefined, 'SERVICE_REDIS_PREFIX', text, 'skills');
    return url === undefined ? undefined : { url, prefix };
  }

  try {
    const registryRoot = flags['registry-root'];
    const runtimeRoot = flags['runtime-root'];
    const host = setting('host', 'SERVICE_HOST', text, '127.0.0.1');
    const apiKey = setting<string | undefined>('api-key', 'SERVICE_API_KEY', credential, undefined);
    const auth = authOptions();
    const localExploration = apiKey === undefined && !auth.rbac && isLoopbackHost(host);
    const options: ServerOptions = {
      host,
      port: setting('port', 'SERVICE_PORT', integer(0, 65535), 8080),
      apiKey,
      rateLimit: {
        requests: setting(
          'rate-limit-requests',
          'SERVICE_RATE_LIMIT_REQUESTS',
          integer(1, 1_000_000),
          localExploration ? LOCAL_RATE_LIMIT_REQUESTS : SHARED_RATE_LIMIT_REQUESTS,
        ),
        windowSeconds: setting('rate-limit-window-seconds', 'SERVICE_RATE_LIMIT_WINDOW_SECONDS', seconds(86_400), 60),
        maxClients: setting(undefined, 'SERVICE_RATE_LIMIT_MAX_CLIENTS', integer(1, 1_000_000), DEFAULT_MAX_TRACKED_CLIENTS),
      },
      auth,
      trustProxy: setting('trust-proxy', 'SERVICE_TRUST_PROXY', cidrs, []),
      ...serviceSettingsFromEnvironment(env, {
        defaults,
        ...(typeof registryRoot === 'string' ? { registryRoot } : {}),
        ...(typeof runtimeRoot === 'string' ? { runtimeRoot } : {}),
      }),
      bodyLimitBytes: setting('body-limit', 'SERVICE_BODY_LIMIT', bytes, 1024 ** 2),
      heartbeatMs: setting(undefined, 'SERVICE_SSE_HEARTBEAT_SECONDS', seconds(3600), 15) * 1000,
      drainMs: setting(undefined, 'SERVICE_DRAIN_SECONDS', seconds(600), 10) * 1000,
      publicUrl: setting<string | undefined>(undefined, 'SERVICE_PUBLIC_URL', publicUrl, undefined),
      redis: redisOptions(),
      workers: setting('workers', 'SERVICE_WORKERS', integer(1, MAX_WORKER_PROCESSES), 1),
      idempotencyTtlSeconds: setting(undefined, 'SERVICE_IDEMPOTENCY_TTL_SECONDS', integer(1, 30 * 86_400), DEFAULT_IDEMPOTENCY_TTL_SECONDS),
      runLockSeconds: setting(undefined, 'SERVICE_RUN_LOCK_SECONDS', integer(1, 3600), 30),
    };
    if (options.workers > 1 && options.redis === undefined) {
      return {
        kind: 'usage_error',
        message: `--workers ${options.workers} needs shared state: set --redis-url or SERVICE_REDIS_URL (with in-memory state each process would keep its own runs, webhooks and rate limits)`,
      };
    }
    return { kind: 'serve', options };
  } catch (error) {
    if (isServiceError(error) && error.code === 'invalid_configuration') return { kind: 'usage_error', message: error.message };
    throw error;
  }
}
