import type { AuditMode } from '@skill-service/contracts';

/** The record format written by this code; bump it when a field changes meaning. */
export const AUDIT_SCHEMA_VERSION = '1.0';

export type AuditRecordMode = Exclude<AuditMode, 'off'>;

export interface AuditErrorRecord {
  readonly code: string;
  /** Capped at MAX_AUDIT_ERROR_MESSAGE characters. */
  readonly message: string;
}

/** One step of a run. Unknown facts are `null`, so every record has the same shape. */
export interface AuditStepRecord {
  readonly id: string;
  readonly uses: string;
  readonly status: 'completed' | 'failed' | 'skipped' | 'degraded';
  readonly duration_ms: number;
  readonly binding_id: string | null;
  readonly service_id: string | null;
  readonly attempts: number | null;
  readonly fallback_used: boolean | null;
  readonly conformance_profile: string | null;
  /** `sha256:<hex>` of the step's input after redaction (no size caps); null when there was none. */
  readonly input_hash: string | null;
  readonly output_hash: string | null;
  readonly error: AuditErrorRecord | null;
  /** `full` mode only: the sanitised input and output. */
  readonly input?: unknown;
  readonly output?: unknown;
}

/** One run (root or nested) as written to the audit log, before it is sealed into the chain. */
export interface AuditRecord {
  readonly schema_version: typeof AUDIT_SCHEMA_VERSION;
  readonly mode: AuditRecordMode;
  readonly trace_id: string;
  readonly skill_id: string;
  readonly status: 'completed' | 'failed';
  readonly channel: string;
  readonly depth: number;
  readonly parent_skill_id: string | null;
  readonly lineage: readonly string[];
  /** RFC 3339 UTC with `Z`. */
  readonly started_at: string;
  readonly finished_at: string;
  readonly duration_ms: number;
  readonly required_conformance_profile: string | null;
  readonly input_hash: string;
  /** null when the run produced no outputs (a failed run). */
  readonly output_hash: string | null;
  readonly steps: readonly AuditStepRecord[];
  readonly error: AuditErrorRecord | null;
  /** `full` mode only. */
  readonly inputs?: unknown;
  readonly outputs?: unknown;
}

/** The chain fields: see seal-audit-record.ts. */
export interface SealedAuditRecord extends AuditRecord {
  readonly _prev_hash: string;
  readonly _record_hash: string;
  readonly _record_hmac?: string;
}
