import { timingSafeEqual } from 'node:crypto';
import { CanonicalJsonError } from '@skill-service/util';
import { AUDIT_GENESIS_HASH, auditRecordHash, auditRecordHmac, hasHmacKey, type AuditHmacKey } from './seal-audit-record.js';

export type AuditChainBreakReason =
  | 'not_a_record'
  | 'missing_chain_fields'
  | 'prev_hash_mismatch'
  | 'record_hash_mismatch'
  | 'hmac_missing'
  | 'hmac_mismatch'
  | 'unhashable';

export type AuditChainVerification =
  | { readonly ok: true; readonly count: number; readonly lastHash: string | null }
  | {
      readonly ok: false;
      /** How many records were checked, the broken one included. */
      readonly count: number;
      /** Zero-based index of the first record that does not verify. */
      readonly brokenIndex: number;
      readonly reason: AuditChainBreakReason;
      readonly message: string;
    };

export interface VerifyAuditChainOptions {
  /** When given, every record must carry a matching `_record_hmac`. */
  readonly hmacKey?: AuditHmacKey;
  /**
   * The `_prev_hash` the first record must have: `"genesis"` by default (a whole log); the hash of
   * the record before the segment when checking a segment; `null` to accept any first link.
   */
  readonly anchor?: string | null;
}

/**
 * Checks a chain of parsed audit records in order: every record's hash matches its content, every
 * `_prev_hash` is its predecessor's `_record_hash`, and (with a key) every HMAC matches. Stops at
 * the first break. Editing a record breaks its own hash; re-hashing an edited record breaks the
 * next link; only the HMAC protects against rewriting the whole tail.
 */
export function verifyAuditChain(
  records: Iterable<unknown>,
  options: VerifyAuditChainOptions = {},
): AuditChainVerification {
  const anchor = options.anchor === undefined ? AUDIT_GENESIS_HASH : options.anchor;
  let previous: string | null = anchor;
  let index = 0;
  for (const candidate of records) {
    const broken = (reason: AuditChainBreakReason, message: string): AuditChainVerification => ({
      ok: false,
      count: index + 1,
      brokenIndex: index,
      reason,
      message: `record ${index}: ${message}`,
    });
    if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
      return broken('not_a_record', 'is not a JSON object');
    }
    const record = candidate as Record<string, unknown>;
    const prevHash = record['_prev_hash'];
    const recordHash = record['_record_hash'];
    if (typeof prevHash !== 'string' || typeof recordHash !== 'string') {
      return broken('missing_chain_fields', 'has no string _prev_hash / _record_hash');
    }
    if (previous !== null && prevHash !== previous) {
      return broken('prev_hash_mismatch', `_prev_hash ${prevHash} does not match the previous record hash ${previous}`);
    }
    let actual: string;
    try {
      actual = auditRecordHash(record);
    } catch (error) {
      if (!(error instanceof CanonicalJsonError)) throw error;
      return broken('unhashable', error.message);
    }
    if (actual !== recordHash) {
      return broken('record_hash_mismatch', 'content does not match _record_hash (edited?)');
    }
    if (hasHmacKey(options.hmacKey)) {
      const hmac = record['_record_hmac'];
      if (typeof hmac !== 'string') return broken('hmac_missing', 'has no _record_hmac');
      if (!sameHex(hmac, auditRecordHmac(record, options.hmacKey))) {
        return broken('hmac_mismatch', '_record_hmac does not match (wrong key or rewritten record)');
      }
    }
    previous = recordHash;
    index += 1;
  }
  return { ok: true, count: index, lastHash: index === 0 ? null : previous };
}

function sameHex(left: string, right: string): boolean {
  const a = Buffer.from(left, 'utf8');
  const b = Buffer.from(right, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
