import type { AuditMode, TrustLevel } from '@skill-service/contracts';

/** Everything the service needs, already parsed from flags and environment by the app. */
export interface ServiceConfig {
  /** Skills and capabilities (`skills/…`, `capabilities/…`). */
  readonly registryRoot: string;
  /** Services, bindings, policies, the host overlay and Python modules. */
  readonly runtimeRoot: string;
  /** Environment used for `${ENV_VAR}` placeholders and the basics provider child processes inherit. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * SERVICE_SECRET_ENV_ALLOW: the only variables placeholders may read (names or `PREFIX_*`);
   * unset, any but `SERVICE_*`/`OTEL_*`, which are never readable.
   */
  readonly secretEnvAllow?: readonly string[];
  /** Steps of one run executing at once (SERVICE_MAX_WORKERS). */
  readonly maxWorkers: number;
  /** Async runs executing at once (SERVICE_ASYNC_WORKERS); default 4. */
  readonly asyncWorkers?: number;
  /** Async run records kept in memory, oldest evicted first (SERVICE_MAX_RUNS); default 100. */
  readonly maxRuns?: number;
  /** Largest async run result stored, in bytes of JSON (SERVICE_MAX_RUN_RESULT_BYTES); default 1 MiB. */
  readonly maxRunResultBytes?: number;
  /** Times a shared queue starts a run whose worker died (SERVICE_RUN_ATTEMPTS); default 1. */
  readonly runAttempts?: number;
  /** At close, how long executing async runs get to finish (the server's drain time); default 0. */
  readonly runDrainMs?: number;
  /** Ordered protocols or service ids preferred when choosing a binding. */
  readonly bindingPreference?: readonly string[];
  /** Destinations the outbound guard lets through although private (host, host:port, CIDR). */
  readonly outboundAllow: readonly string[];
  readonly python: {
    readonly executable: string;
    readonly poolSize: number;
    /** Module prefixes allowed on top of the defaults. */
    readonly extraModulePrefixes: readonly string[];
    /** skill_worker.py, for a bundle that moved the pythoncall package's code; default its own copy. */
    readonly workerScript?: string;
  };
  readonly maxTrustLevel: TrustLevel;
  readonly defaultAuditMode: AuditMode;
  /** JSON-lines audit file; none means audit records are not kept. */
  readonly auditPath?: string;
  readonly defaultStepTimeoutSeconds: number;
  /** Structured log sink for provider events (worker stderr, restarts). */
  readonly log: (entry: { level: 'debug' | 'info' | 'warn' | 'error'; message: string; [key: string]: unknown }) => void;
}
