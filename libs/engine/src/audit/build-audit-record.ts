import type { AuditRunSummary, AuditStepSummary } from './audit-run-summary.js';
import {
  DEFAULT_AUDIT_MAX_DEPTH,
  DEFAULT_AUDIT_MAX_ITEMS,
  DEFAULT_AUDIT_MAX_STRING,
  MAX_AUDIT_ERROR_MESSAGE,
} from './audit-limits.js';
import {
  AUDIT_SCHEMA_VERSION,
  type AuditErrorRecord,
  type AuditRecord,
  type AuditRecordMode,
  type AuditStepRecord,
} from './audit-record.js';
import { redactKeyMatcher, type RedactKeyMatcher } from './redact-keys.js';
import { capString, sanitizeForAudit, type SanitizeLimits } from './sanitize-for-audit.js';
import { sha256Of } from './sha256-of.js';

export interface AuditRecordOptions {
  /** Key names (exact, case-insensitive) whose values are redacted; default DEFAULT_REDACT_KEYS. */
  readonly redactKeys?: Iterable<string>;
  /** `full` mode: longest string kept (default 2048 characters). */
  readonly maxString?: number;
  /** `full` mode: most items per list / keys per object kept (default 100). */
  readonly maxItems?: number;
  /** `full` mode: deepest nesting kept (default 32). */
  readonly maxDepth?: number;
}

// Hashes cover the whole value, so only cycles and absurd nesting are cut (deterministically).
const HASH_MAX_DEPTH = 256;

/**
 * The audit record of one finished run. Pure: same summary and options, same record.
 *
 * `input_hash` / `output_hash` are taken over the value AFTER redaction but WITHOUT size caps: a
 * hash of raw inputs would let anyone holding the log confirm a guessed password offline, while
 * values without secret keys still hash exactly as `sha256Of(value)`.
 */
export function buildAuditRecord(
  summary: AuditRunSummary,
  mode: AuditRecordMode,
  options: AuditRecordOptions = {},
): AuditRecord {
  const redact = redactKeyMatcher(options.redactKeys);
  const hashOf = hasher(redact);
  const full = mode === 'full';
  const sanitize = sanitizer({
    redact,
    maxString: options.maxString ?? DEFAULT_AUDIT_MAX_STRING,
    maxItems: options.maxItems ?? DEFAULT_AUDIT_MAX_ITEMS,
    maxDepth: options.maxDepth ?? DEFAULT_AUDIT_MAX_DEPTH,
  });

  const step = (source: AuditStepSummary): AuditStepRecord => ({
    id: source.id,
    uses: source.uses,
    status: source.status,
    duration_ms: milliseconds(source.durationMs),
    binding_id: source.bindingId ?? null,
    service_id: source.serviceId ?? null,
    attempts: source.attempts ?? null,
    fallback_used: source.fallbackUsed ?? null,
    conformance_profile: source.conformanceProfile ?? null,
    input_hash: source.input === undefined ? null : hashOf(source.input),
    output_hash: source.output === undefined ? null : hashOf(source.output),
    error: errorRecord(source.error ?? null),
    ...(full ? { input: sanitize(source.input), output: sanitize(source.output) } : {}),
  });

  return {
    schema_version: AUDIT_SCHEMA_VERSION,
    mode,
    trace_id: summary.traceId,
    skill_id: summary.skillId,
    status: summary.status,
    channel: summary.channel,
    depth: summary.depth,
    parent_skill_id: summary.parentSkillId,
    lineage: [...summary.lineage],
    started_at: summary.startedAt.toISOString(),
    finished_at: summary.finishedAt.toISOString(),
    duration_ms: milliseconds(summary.finishedAt.getTime() - summary.startedAt.getTime()),
    required_conformance_profile: summary.requiredConformanceProfile,
    input_hash: hashOf(summary.inputs),
    output_hash: summary.outputs === null ? null : hashOf(summary.outputs),
    steps: summary.steps.map(step),
    error: errorRecord(summary.error),
    ...(full ? { inputs: sanitize(summary.inputs), outputs: sanitize(summary.outputs) } : {}),
  };
}

function hasher(redact: RedactKeyMatcher): (value: unknown) => string {
  const limits: SanitizeLimits = { redact, maxString: Infinity, maxItems: Infinity, maxDepth: HASH_MAX_DEPTH };
  return (value) => sha256Of(sanitizeForAudit(value, limits));
}

function sanitizer(limits: SanitizeLimits): (value: unknown) => unknown {
  return (value) => (value === undefined ? null : sanitizeForAudit(value, limits));
}

function errorRecord(error: { readonly code: string; readonly message: string } | null): AuditErrorRecord | null {
  if (error === null) return null;
  return { code: error.code, message: capString(String(error.message), MAX_AUDIT_ERROR_MESSAGE) };
}

/** Non-negative, at most microsecond precision, never NaN (a record must stay valid JSON data). */
function milliseconds(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.round(value * 1000) / 1000;
}
