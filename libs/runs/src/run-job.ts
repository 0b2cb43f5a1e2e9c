import type { AuditMode, ConformanceProfile, ExecutionResult, StreamEvent } from '@skill-service/contracts';

/** The execution options of an async request, as data a job carries to whichever process runs it. */
export interface RunExecutionOptions {
  /** Where the run came from (`http-async`…), recorded in audit records and metrics. */
  readonly channel: string;
  readonly required_conformance_profile?: ConformanceProfile;
  readonly audit_mode?: AuditMode;
  readonly confirmed_capabilities?: readonly string[];
}

/**
 * One queued run: plain, serialisable data (never a closure), so a queue may hand it to another
 * process. The handler rebuilds the execution from it.
 */
export interface RunJobData {
  readonly run_id: string;
  readonly skill_id: string;
  readonly trace_id: string;
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly execution: RunExecutionOptions;
  /** W3C trace context of the launching request (`traceparent`, `tracestate`), when tracing is on. */
  readonly trace_carrier?: Readonly<Record<string, string>>;
}

/**
 * What a launch asks for; the manager adds the run id. `launched_by`, the launching subject, is
 * stored beside the record (who may cancel it), never in the job or the public record.
 */
export type RunRequest = Omit<RunJobData, 'run_id'> & { readonly launched_by?: string };

/**
 * Executes one run's skill; it must settle promptly once `signal` aborts (eviction, cancel,
 * shutdown). `onEvent` takes each engine event as it happens (recorded in the run's event log).
 */
export type RunHandler = (job: RunJobData, signal: AbortSignal, onEvent?: (event: StreamEvent) => void) => Promise<ExecutionResult>;
