import { cell } from './generated-section.js';

/** Which program reads an option. */
export type OptionReader = 'server' | 'bridge' | 'cli';

/** One setting: its variable, its flag if it has one, its default as text, and what it does. */
export interface OptionDefinition {
  readonly variable: string;
  readonly flag?: string;
  readonly default: string;
  readonly readers: readonly OptionReader[];
  readonly description: string;
}

const ALL: readonly OptionReader[] = ['server', 'bridge', 'cli'];
const SERVER_AND_BRIDGE: readonly OptionReader[] = ['server', 'bridge'];
const SERVER: readonly OptionReader[] = ['server'];
const BRIDGE: readonly OptionReader[] = ['bridge'];

/**
 * Every `SERVICE_*` setting of the server, the tool bridge and the `skills` command, and the
 * `OTEL_*` variables their tracing reads (the sampler's are read by the SDK itself). The table in
 * docs/configuration.md is generated from this list, and apps/server's reference-docs spec fails
 * when a variable read in the code is missing here, when one listed here is read nowhere, or when
 * a server default differs from what the option parser gives.
 */
export const OPTION_DEFINITIONS: readonly OptionDefinition[] = [
  { variable: 'SERVICE_PUBLIC_URL', default: 'none', readers: SERVER, description: 'The base URL /openapi.json names in `servers` (else the origin of each request).' },
  { variable: 'SERVICE_HOST', flag: '--host', default: '127.0.0.1', readers: SERVER, description: 'Listen address.' },
  { variable: 'SERVICE_PORT', flag: '--port', default: '8080', readers: SERVER, description: 'Listen port; `0` picks a free one.' },
  {
    variable: 'SERVICE_API_KEY',
    flag: '--api-key',
    default: 'none',
    readers: SERVER_AND_BRIDGE,
    description: 'The API key of protected routes (`x-api-key`, or `Authorization: Bearer <key>`); with RBAC an `admin` key.',
  },
  {
    variable: 'SERVICE_RATE_LIMIT_REQUESTS',
    flag: '--rate-limit-requests',
    default: '`60`; `6000` when open (no credentials) on loopback',
    readers: SERVER,
    description: 'Requests per window and client (the authenticated subject, else the client address); more answer 429. The higher default serves one person exploring on their own machine; set it explicitly in production.',
  },
  { variable: 'SERVICE_RATE_LIMIT_WINDOW_SECONDS', flag: '--rate-limit-window-seconds', default: '60', readers: SERVER, description: 'The sliding rate-limit window.' },
  { variable: 'SERVICE_RATE_LIMIT_MAX_CLIENTS', default: '10000', readers: SERVER, description: 'Clients the limiter tracks; the least recently seen is forgotten first.' },
  { variable: 'SERVICE_TRUST_PROXY', flag: '--trust-proxy', default: 'none', readers: SERVER, description: 'Proxies (addresses or CIDRs) whose `X-Forwarded-For` names the client.' },
  { variable: 'SERVICE_RBAC', default: '0', readers: SERVER_AND_BRIDGE, description: '`1`: role-based access (reader < executor < operator < admin).' },
  { variable: 'SERVICE_JWT_SECRET', default: 'none', readers: SERVER_AND_BRIDGE, description: 'HS256 secret (at least 32 bytes) for `Authorization: Bearer <JWT>`; needs RBAC.' },
  { variable: 'SERVICE_JWT_LEEWAY_SECONDS', default: '30', readers: SERVER_AND_BRIDGE, description: 'Clock leeway for `exp` and `nbf`.' },
  { variable: 'SERVICE_JWT_REQUIRE_EXP', default: '0', readers: SERVER_AND_BRIDGE, description: '`1`: a token without `exp` is refused.' },
  { variable: 'SERVICE_JWT_MAX_AGE_SECONDS', default: 'none', readers: SERVER_AND_BRIDGE, description: 'Oldest accepted token, measured from `iat` (which is then required).' },
  { variable: 'SERVICE_JWT_ISSUER', default: 'none', readers: SERVER_AND_BRIDGE, description: '`iss` a token must carry, when set.' },
  { variable: 'SERVICE_JWT_AUDIENCE', default: 'none', readers: SERVER_AND_BRIDGE, description: '`aud` a token must carry, when set.' },
  { variable: 'SERVICE_API_KEYS', default: 'none', readers: SERVER_AND_BRIDGE, description: 'More keys as `subject:role:sha256hex,…`; needs RBAC.' },
  {
    variable: 'SERVICE_AUTH_PLUGINS',
    flag: '--auth-plugin',
    default: 'none',
    readers: SERVER,
    description: 'Authentication plugins to enable, by the name their package declares (`skillService.authBackends`); needs RBAC.',
  },
  {
    variable: 'SERVICE_AUTH_FORWARDED_USER_HEADER',
    default: 'x-forwarded-user',
    readers: SERVER,
    description: 'The example authentication plugin (libs/auth-plugin-example): the header carrying the subject.',
  },
  { variable: 'SERVICE_AUTH_FORWARDED_ROLE_HEADER', default: 'x-forwarded-role', readers: SERVER, description: 'The example plugin: the header carrying the role.' },
  { variable: 'SERVICE_AUTH_FORWARDED_DEFAULT_ROLE', default: 'reader', readers: SERVER, description: 'The example plugin: the role when the role header is absent.' },
  { variable: 'SERVICE_AUTH_FORWARDED_MAX_ROLE', default: 'operator', readers: SERVER, description: 'The example plugin: the highest role the proxy may grant.' },
  { variable: 'SERVICE_REQUIRE_AUTH_ALL', flag: '--require-auth-all', default: 'off', readers: SERVER, description: 'Also protect `/v1/health` and `/openapi.json` (reader).' },
  { variable: 'SERVICE_REGISTRY_ROOT', flag: '--registry-root', default: '`<checkout>/registry`', readers: ALL, description: 'Skills and capabilities (`skills/<channel>/<domain>/<slug>/skill.yaml`, `capabilities/*.yaml`).' },
  {
    variable: 'SERVICE_RUNTIME_ROOT',
    flag: '--runtime-root',
    default: '`<checkout>`',
    readers: ALL,
    description: 'Services, bindings, policies and the Python modules of pythoncall bindings.',
  },
  { variable: 'SERVICE_BODY_LIMIT', flag: '--body-limit', default: '1mb', readers: SERVER, description: 'Largest request body (`1048576`, `512kb`, `1mb`); larger answers 413.' },
  { variable: 'SERVICE_ASYNC_WORKERS', default: '4', readers: ALL, description: 'Async runs executing at once.' },
  { variable: 'SERVICE_MAX_WORKERS', default: '8', readers: ALL, description: 'Steps of one run executing at once.' },
  { variable: 'SERVICE_MAX_RUNS', default: '100', readers: ALL, description: 'Runs kept; the oldest is evicted first.' },
  {
    variable: 'SERVICE_MAX_RUN_RESULT_BYTES',
    default: '1048576',
    readers: ALL,
    description: 'Largest async run result stored (bytes of JSON, 1024 to 104857600); a larger one fails the run with an error saying so, never truncated.',
  },
  {
    variable: 'SERVICE_RUN_ATTEMPTS',
    default: '1',
    readers: ALL,
    description:
      'With Redis: times a run is started when the process executing it dies (1 to 10); past it the run fails saying its worker died. A recovered run starts again from its first step.',
  },
  {
    variable: 'SERVICE_SECRET_ENV_ALLOW',
    default: 'none',
    readers: SERVER_AND_BRIDGE,
    description: 'Names or `PREFIX_*` patterns that `${VAR}` placeholders may read (never `SERVICE_*` or `OTEL_*`).',
  },
  {
    variable: 'SERVICE_OUTBOUND_ALLOW',
    default: 'none',
    readers: ALL,
    description: 'Hosts, `host:port` or CIDRs the outbound guard lets through although private or loopback (providers and webhook receivers).',
  },
  { variable: 'SERVICE_AUDIT_PATH', default: 'none', readers: ALL, description: 'The JSON-lines audit file (hash-chained); none: no audit file.' },
  { variable: 'SERVICE_AUDIT_MODE', default: 'standard', readers: ALL, description: 'Default `audit_mode`: `off`, `standard` or `full`.' },
  { variable: 'SERVICE_TRUST_LEVEL', default: 'standard', readers: ALL, description: 'Highest capability trust level allowed to run.' },
  { variable: 'SERVICE_STEP_TIMEOUT_SECONDS', default: '60', readers: ALL, description: 'A step without its own `timeout_seconds` gets this long.' },
  {
    variable: 'SERVICE_BINDING_PREFERENCE',
    default: '`builtin,pythoncall`',
    readers: ALL,
    description: 'Ordered protocols or service ids preferred when a capability has several bindings.',
  },
  { variable: 'SERVICE_PYTHON', default: 'python3', readers: ALL, description: 'Interpreter of the pythoncall workers.' },
  { variable: 'SERVICE_PYTHON_WORKERS', default: '2', readers: ALL, description: 'Persistent Python worker processes.' },
  { variable: 'SERVICE_PYTHON_MODULES', default: 'none', readers: ALL, description: 'Module prefixes pythoncall may call on top of the defaults.' },
  { variable: 'SERVICE_SSE_HEARTBEAT_SECONDS', default: '15', readers: SERVER, description: 'Interval of the SSE heartbeat comment.' },
  {
    variable: 'SERVICE_REDIS_URL',
    flag: '--redis-url',
    default: 'none',
    readers: SERVER,
    description: 'Shared, durable state on Redis (`redis://` or `rediss://`): runs, webhooks and rate limits shared by every process on it. None: in this process\'s memory. Unreachable at start: exit 2.',
  },
  { variable: 'SERVICE_REDIS_PREFIX', default: 'skills', readers: SERVER, description: 'Starts every Redis key, so deployments can share one Redis (letters, digits, `.`, `_`, `-`).' },
  {
    variable: 'SERVICE_IDEMPOTENCY_TTL_SECONDS',
    default: '86400',
    readers: SERVER,
    description: 'How long the answer to a request with an `Idempotency-Key` is kept (1 s to 30 days); a retry within it gets that answer again.',
  },
  {
    variable: 'SERVICE_RUN_LOCK_SECONDS',
    default: '30',
    readers: SERVER,
    description: 'On Redis: how long a run stays locked to its process unless renewed; a process that died is noticed within about twice this, and its run taken up by another.',
  },
  { variable: 'SERVICE_WORKERS', flag: '--workers', default: '1', readers: SERVER, description: 'Server processes sharing the port (node:cluster), 1 to 64; more than 1 needs `SERVICE_REDIS_URL`.' },
  { variable: 'SERVICE_DRAIN_SECONDS', default: '10', readers: SERVER, description: 'How long SIGTERM and SIGINT wait for requests and streams in flight.' },
  { variable: 'SERVICE_TOKEN', default: 'none', readers: BRIDGE, description: 'The credential (JWT or API key) the bridge acts for; else `SERVICE_API_KEY`.' },
  { variable: 'SERVICE_BRIDGE_MAX_LINE_BYTES', default: '4194304', readers: BRIDGE, description: 'Longest input line; a longer one gets an error answer and is skipped.' },
  {
    variable: 'OTEL_TRACES_EXPORTER',
    default: 'none',
    readers: SERVER_AND_BRIDGE,
    description: 'Traces (docs/tracing.md): `otlp` or `console` turns them on, `none` off. Unset, an OTLP endpoint alone turns them on; with neither, none of the OpenTelemetry SDK is loaded.',
  },
  { variable: 'OTEL_EXPORTER_OTLP_ENDPOINT', default: '`http://localhost:4318`', readers: SERVER_AND_BRIDGE, description: 'The collector (OTLP/HTTP); traces go to `<endpoint>/v1/traces`.' },
  { variable: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', default: 'none', readers: SERVER_AND_BRIDGE, description: 'The full traces URL, instead of the endpoint above.' },
  { variable: 'OTEL_EXPORTER_OTLP_PROTOCOL', default: 'http/protobuf', readers: SERVER_AND_BRIDGE, description: '`http/protobuf` or `http/json` (gRPC is not bundled).' },
  { variable: 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', default: 'none', readers: SERVER_AND_BRIDGE, description: 'The protocol for traces, instead of the one above.' },
  { variable: 'OTEL_SERVICE_NAME', default: '`skill-server`, `skill-bridge`', readers: SERVER_AND_BRIDGE, description: 'The `service.name` of the exported spans.' },
  {
    variable: 'OTEL_TRACES_SAMPLER',
    default: 'parentbased_always_on',
    readers: SERVER_AND_BRIDGE,
    description: 'Which traces are recorded (read by the OpenTelemetry SDK), e.g. `parentbased_traceidratio`.',
  },
  { variable: 'OTEL_TRACES_SAMPLER_ARG', default: 'none', readers: SERVER_AND_BRIDGE, description: "The sampler's argument, e.g. `0.1` for one trace in ten." },
  { variable: 'OTEL_SDK_DISABLED', default: 'false', readers: SERVER_AND_BRIDGE, description: '`true`: no traces, whatever else is set.' },
  { variable: 'OTEL_BSP_MAX_QUEUE_SIZE', default: '2048', readers: SERVER_AND_BRIDGE, description: 'Spans waiting for export at most; more are dropped and counted (`skill_service_trace_spans_dropped_total`).' },
  { variable: 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', default: '512', readers: SERVER_AND_BRIDGE, description: 'Spans per export request.' },
  { variable: 'OTEL_BSP_SCHEDULE_DELAY', default: '5000', readers: SERVER_AND_BRIDGE, description: 'Milliseconds between exports.' },
  { variable: 'OTEL_BSP_EXPORT_TIMEOUT', default: '30000', readers: SERVER_AND_BRIDGE, description: 'Milliseconds one export may take before it is abandoned (its spans counted as dropped).' },
];

/** docs/configuration.md's table: one row per option, flags first where there is one. */
export function configurationTable(options: readonly OptionDefinition[] = OPTION_DEFINITIONS): string {
  const rows = options.map((option) =>
    [
      option.flag === undefined ? '' : `\`${option.flag}\``,
      `\`${option.variable}\``,
      option.default.startsWith('`') || option.default.startsWith('none') || option.default === 'off' ? option.default : `\`${option.default}\``,
      option.readers.join(', '),
      cell(option.description),
    ].join(' | '),
  );
  return ['| flag | environment | default | read by | what |', '|---|---|---|---|---|', ...rows.map((row) => `| ${row} |`)].join('\n');
}
