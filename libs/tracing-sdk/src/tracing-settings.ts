import { InvalidConfigurationError } from '@skill-service/contracts';

export type OtlpProtocol = 'http/protobuf' | 'http/json';

/** What the standard OTEL_* variables ask of tracing; `enabled: false` loads nothing. */
export type TracingSettings =
  | { readonly enabled: false }
  | {
      readonly enabled: true;
      readonly exporter: 'otlp' | 'console';
      readonly protocol: OtlpProtocol;
      /** Where OTLP export goes: the traces endpoint as given, else `<endpoint>/v1/traces`. */
      readonly url: string;
      readonly serviceName: string;
      readonly batch: BatchSettings;
    };

export interface BatchSettings {
  /** Spans held for export at most; more are dropped (and counted), never waited for. */
  readonly maxQueueSize: number;
  readonly maxExportBatchSize: number;
  readonly scheduledDelayMillis: number;
  readonly exportTimeoutMillis: number;
}

/** The OTLP/HTTP default (a collector on this host). */
const DEFAULT_ENDPOINT = 'http://localhost:4318';

type Env = Readonly<Record<string, string | undefined>>;

const set = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = set(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new InvalidConfigurationError(`${name} must be a positive integer, got '${raw}'`);
  return value;
}

/**
 * Reads the OTEL_* variables that decide whether traces are recorded and where they go. Tracing is
 * on when `OTEL_TRACES_EXPORTER` names an exporter (`otlp`, `console`) or, without it, when an OTLP
 * endpoint is set; `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` turn it off. The
 * exporter's headers, timeout and compression and the sampler's variables are read by the SDK.
 */
export function tracingSettings(env: Env, defaultServiceName: string): TracingSettings {
  if (set(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return { enabled: false };
  const names = (set(env, 'OTEL_TRACES_EXPORTER') ?? '').toLowerCase().split(',').map((name) => name.trim()).filter((name) => name !== '');
  const tracesEndpoint = set(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const endpoint = set(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  if (names.includes('none') || (names.length === 0 && tracesEndpoint === undefined && endpoint === undefined)) return { enabled: false };
  const exporter = names.length === 0 ? 'otlp' : names[0];
  if (exporter !== 'otlp' && exporter !== 'console') {
    throw new InvalidConfigurationError(`OTEL_TRACES_EXPORTER must be otlp, console or none, got '${names.join(',')}'`);
  }
  const protocol = (set(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? set(env, 'OTEL_EXPORTER_OTLP_PROTOCOL') ?? 'http/protobuf').toLowerCase();
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    throw new InvalidConfigurationError(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (grpc is not bundled), got '${protocol}'`);
  }
  const url = tracesEndpoint ?? `${(endpoint ?? DEFAULT_ENDPOINT).replace(/\/+$/, '')}/v1/traces`;
  try {
    if (!/^https?:$/.test(new URL(url).protocol)) throw new TypeError('not http');
  } catch {
    throw new InvalidConfigurationError(`The OTLP traces endpoint must be an http(s) URL, got '${url}'`);
  }
  return {
    enabled: true,
    exporter,
    protocol,
    url,
    serviceName: set(env, 'OTEL_SERVICE_NAME') ?? defaultServiceName,
    batch: {
      maxQueueSize: positiveInteger(env, 'OTEL_BSP_MAX_QUEUE_SIZE', 2048),
      maxExportBatchSize: positiveInteger(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 512),
      scheduledDelayMillis: positiveInteger(env, 'OTEL_BSP_SCHEDULE_DELAY', 5000),
      exportTimeoutMillis: positiveInteger(env, 'OTEL_BSP_EXPORT_TIMEOUT', 30000),
    },
  };
}
