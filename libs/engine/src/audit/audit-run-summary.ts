import type { AuditMode } from '@skill-service/contracts';

/** What the engine knows about one finished step, handed to the audit recorder. */
export interface AuditStepSummary {
  readonly id: string;
  readonly uses: string;
  readonly status: 'completed' | 'failed' | 'skipped' | 'degraded';
  readonly durationMs: number;
  readonly bindingId?: string;
  readonly serviceId?: string;
  readonly attempts?: number;
  readonly fallbackUsed?: boolean;
  readonly conformanceProfile?: string;
  /** The step's resolved input and produced output (recorded in `full` mode only, sanitised). */
  readonly input?: unknown;
  readonly output?: unknown;
  readonly error?: { readonly code: string; readonly message: string };
}

/** What the engine knows about one finished run (root or nested), handed to the audit recorder. */
export interface AuditRunSummary {
  readonly traceId: string;
  readonly skillId: string;
  readonly status: 'completed' | 'failed';
  readonly channel: string;
  readonly depth: number;
  readonly parentSkillId: string | null;
  readonly lineage: readonly string[];
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly requiredConformanceProfile: string | null;
  readonly inputs: Record<string, unknown>;
  readonly outputs: Record<string, unknown> | null;
  readonly steps: readonly AuditStepSummary[];
  readonly error: { readonly code: string; readonly message: string } | null;
}

/**
 * The engine's audit port: called once per run (and per nested run) when the audit mode is not
 * `off`. It must not throw into the run: a failing recorder is the recorder's problem to report.
 */
export interface AuditRecorder {
  record(summary: AuditRunSummary, mode: Exclude<AuditMode, 'off'>): Promise<void>;
}
