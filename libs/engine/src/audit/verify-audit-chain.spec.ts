import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { AuditRecord, SealedAuditRecord } from './audit-record.js';
import { canonicalJson } from '@skill-service/util';
import { AUDIT_GENESIS_HASH, auditRecordHash, sealAuditRecord } from './seal-audit-record.js';
import { sha256Hex } from './sha256-of.js';
import { verifyAuditChain } from './verify-audit-chain.js';

const base = (traceId: string): AuditRecord => ({
  schema_version: '1.0',
  mode: 'standard',
  trace_id: traceId,
  skill_id: 'demo.skill',
  status: 'completed',
  channel: 'cli',
  depth: 0,
  parent_skill_id: null,
  lineage: ['demo.skill'],
  started_at: '2024-05-01T10:00:00.000Z',
  finished_at: '2024-05-01T10:00:00.010Z',
  duration_ms: 10,
  required_conformance_profile: null,
  input_hash: 'sha256:00',
  output_hash: null,
  steps: [],
  error: null,
});

const chain = (count: number, hmacKey?: string): SealedAuditRecord[] => {
  const records: SealedAuditRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    records.push(sealAuditRecord(base(`t${i}`), records.at(-1)?._record_hash ?? AUDIT_GENESIS_HASH, hmacKey));
  }
  return records;
};

/** A JSON round trip, as the records come back from a log file. */
const parsed = (records: readonly object[]): Record<string, unknown>[] =>
  records.map((record) => JSON.parse(JSON.stringify(record)) as Record<string, unknown>);

describe('sealAuditRecord', () => {
  it('links to the previous hash and hashes the canonical body without the hash fields', () => {
    const [first, second] = chain(2);
    expect(first?._prev_hash).toBe('genesis');
    expect(second?._prev_hash).toBe(first?._record_hash);
    const { _record_hash: hash, ...body } = first as SealedAuditRecord;
    expect(hash).toBe(sha256Hex(canonicalJson(body)));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('adds an HMAC only when a key is given', () => {
    expect(chain(1)[0]).not.toHaveProperty('_record_hmac');
    expect(chain(1, '')[0]).not.toHaveProperty('_record_hmac');
    const signed: Record<string, unknown> = { ...(chain(1, 'k3y')[0] as SealedAuditRecord) };
    const hmac = signed['_record_hmac'];
    delete signed['_record_hmac'];
    delete signed['_record_hash'];
    expect(hmac).toBe(createHmac('sha256', 'k3y').update(canonicalJson(signed)).digest('hex'));
  });

  it('does not depend on key order', () => {
    const record = base('x');
    const reversed = Object.fromEntries(Object.entries(record).reverse()) as unknown as AuditRecord;
    expect(sealAuditRecord(reversed, 'genesis')._record_hash).toBe(sealAuditRecord(record, 'genesis')._record_hash);
  });
});

describe('verifyAuditChain', () => {
  it('accepts an intact chain (after a JSON round trip) and an empty one', () => {
    const records = chain(5);
    expect(verifyAuditChain(parsed(records))).toEqual({ ok: true, count: 5, lastHash: records[4]?._record_hash });
    expect(verifyAuditChain([])).toEqual({ ok: true, count: 0, lastHash: null });
  });

  it('reports an edited record at its own index', () => {
    const records = parsed(chain(4));
    (records[2] as Record<string, unknown>)['status'] = 'failed';
    expect(verifyAuditChain(records)).toMatchObject({ ok: false, brokenIndex: 2, reason: 'record_hash_mismatch' });
  });

  it('reports an edited and re-hashed record at the next link', () => {
    const records = parsed(chain(4));
    const edited = { ...records[1], skill_id: 'other' };
    records[1] = { ...edited, _record_hash: auditRecordHash(edited) };
    expect(verifyAuditChain(records)).toMatchObject({ ok: false, brokenIndex: 2, reason: 'prev_hash_mismatch' });
  });

  it('reports a deleted or reordered record', () => {
    const records = parsed(chain(4));
    expect(verifyAuditChain([records[0], records[2], records[3]])).toMatchObject({ ok: false, brokenIndex: 1 });
    expect(verifyAuditChain([records[1], records[0]])).toMatchObject({ ok: false, brokenIndex: 0, reason: 'prev_hash_mismatch' });
  });

  it('checks the anchor of the first record', () => {
    const records = parsed(chain(3));
    expect(verifyAuditChain(records.slice(1))).toMatchObject({ ok: false, brokenIndex: 0 });
    expect(verifyAuditChain(records.slice(1), { anchor: records[0]?.['_record_hash'] as string }).ok).toBe(true);
    expect(verifyAuditChain(records.slice(1), { anchor: null }).ok).toBe(true);
  });

  it('rejects lines that are not chained records', () => {
    expect(verifyAuditChain([null])).toMatchObject({ ok: false, brokenIndex: 0, reason: 'not_a_record' });
    expect(verifyAuditChain([...parsed(chain(1)), { a: 1 }])).toMatchObject({ brokenIndex: 1, reason: 'missing_chain_fields' });
  });

  it('checks HMACs when given the key', () => {
    const signed = parsed(chain(3, 'k3y'));
    expect(verifyAuditChain(signed, { hmacKey: 'k3y' }).ok).toBe(true);
    expect(verifyAuditChain(signed, { hmacKey: 'wrong' })).toMatchObject({ ok: false, brokenIndex: 0, reason: 'hmac_mismatch' });
    expect(verifyAuditChain(parsed(chain(2)), { hmacKey: 'k3y' })).toMatchObject({ brokenIndex: 0, reason: 'hmac_missing' });
    // Without the key, a rewritten tail with recomputed hashes passes; with it, it does not.
    const forged = parsed(chain(3));
    expect(verifyAuditChain(forged).ok).toBe(true);
    expect(verifyAuditChain(forged, { hmacKey: 'k3y' }).ok).toBe(false);
  });
});
