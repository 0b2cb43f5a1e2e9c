/*
 * Audit: one JSON record per run and nested run, linked by a SHA-256 hash chain that
 * resumes from the store's last record after a restart, with redaction by exact key names.
 * Pure logic and the AuditStore port; the file store is the adapter @skill-service/audit-store.
 */
export type { AuditRecorder, AuditRunSummary, AuditStepSummary } from './audit-run-summary.js';
export type {
  AuditErrorRecord,
  AuditRecord,
  AuditRecordMode,
  AuditStepRecord,
  SealedAuditRecord,
} from './audit-record.js';
export { AUDIT_SCHEMA_VERSION } from './audit-record.js';
export {
  DEFAULT_AUDIT_MAX_DEPTH,
  DEFAULT_AUDIT_MAX_ITEMS,
  DEFAULT_AUDIT_MAX_STRING,
  MAX_AUDIT_ERROR_MESSAGE,
} from './audit-limits.js';
export { CanonicalJsonError, canonicalJson, type CanonicalJsonErrorReason, type CanonicalJsonOptions } from '@skill-service/util';
export { sha256Hex, sha256Of } from './sha256-of.js';
export { DEFAULT_REDACT_KEYS, REDACTED, redactKeyMatcher, type RedactKeyMatcher } from './redact-keys.js';
export {
  CIRCULAR_MARKER,
  MAX_DEPTH_MARKER,
  TRUNCATED_KEYS_MARKER,
  capString,
  sanitizeForAudit,
  type SanitizeLimits,
} from './sanitize-for-audit.js';
export { buildAuditRecord, type AuditRecordOptions } from './build-audit-record.js';
export {
  AUDIT_GENESIS_HASH,
  auditRecordBody,
  auditRecordHash,
  auditRecordHmac,
  sealAuditRecord,
  type AuditHmacKey,
} from './seal-audit-record.js';
export {
  verifyAuditChain,
  type AuditChainBreakReason,
  type AuditChainVerification,
  type VerifyAuditChainOptions,
} from './verify-audit-chain.js';
export type { AuditStore } from './audit-store.js';
export {
  HashChainAuditRecorder,
  type AuditFailure,
  type AuditFailureStage,
  type HashChainAuditRecorderOptions,
} from './hash-chain-audit-recorder.js';
