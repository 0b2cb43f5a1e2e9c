import { createHmac } from 'node:crypto';
import type { AuditRecord, SealedAuditRecord } from './audit-record.js';
import { canonicalJson } from '@skill-service/util';
import { sha256Hex } from './sha256-of.js';

/** The `_prev_hash` of the first record of a chain. */
export const AUDIT_GENESIS_HASH = 'genesis';

/** An HMAC key; an empty one counts as none (an unset setting must not look like a signature). */
export type AuditHmacKey = string | Uint8Array;

const SEAL_FIELDS = new Set(['_record_hash', '_record_hmac']);

/**
 * The bytes both hashes are taken over: the record's canonical JSON including `_prev_hash` and
 * excluding `_record_hash` / `_record_hmac`, so a record's hash pins its predecessor.
 */
export function auditRecordBody(record: Readonly<Record<string, unknown>>): string {
  return canonicalJson(Object.fromEntries(Object.entries(record).filter(([key]) => !SEAL_FIELDS.has(key))));
}

/** Lowercase hex SHA-256 of `auditRecordBody(record)`. */
export function auditRecordHash(record: Readonly<Record<string, unknown>>): string {
  return sha256Hex(auditRecordBody(record));
}

/** Lowercase hex HMAC-SHA256 of `auditRecordBody(record)`. */
export function auditRecordHmac(record: Readonly<Record<string, unknown>>, key: AuditHmacKey): string {
  return createHmac('sha256', key).update(auditRecordBody(record), 'utf8').digest('hex');
}

export function hasHmacKey(key: AuditHmacKey | undefined): key is AuditHmacKey {
  return key !== undefined && key.length > 0;
}

/** Links a record into the chain after the record whose `_record_hash` is `prevHash`. */
export function sealAuditRecord(record: AuditRecord, prevHash: string, hmacKey?: AuditHmacKey): SealedAuditRecord {
  const linked = { ...record, _prev_hash: prevHash };
  const recordHash = auditRecordHash(linked);
  return hasHmacKey(hmacKey)
    ? { ...linked, _record_hash: recordHash, _record_hmac: auditRecordHmac(linked, hmacKey) }
    : { ...linked, _record_hash: recordHash };
}
