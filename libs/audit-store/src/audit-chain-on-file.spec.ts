// The engine's HashChainAuditRecorder over a real file: the chain, restarts, concurrency, crashes,
// redaction and tampering, end to end.
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { HashChainAuditRecorder, verifyAuditChain, type AuditRunSummary, type HashChainAuditRecorderOptions } from '@skill-service/engine';
import { FileAuditStore } from './file-audit-store.js';
import { readAuditFile } from './read-audit-file.js';

let dir: string;
let path: string;
let failures: unknown[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-chain-'));
  path = join(dir, 'artifacts', 'runtime_skill_audit.jsonl');
  failures = [];
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  expect(failures).toEqual([]); // the recorder never throws: make its reported failures visible
});

const summary = (traceId: string, inputs: Record<string, unknown> = { q: traceId }): AuditRunSummary => ({
  traceId,
  skillId: 'demo.skill',
  status: 'completed',
  channel: 'http',
  depth: 0,
  parentSkillId: null,
  lineage: ['demo.skill'],
  startedAt: new Date('2024-05-01T10:00:00Z'),
  finishedAt: new Date('2024-05-01T10:00:00.020Z'),
  requiredConformanceProfile: 'standard',
  inputs,
  outputs: { answer: 42 },
  steps: [
    {
      id: 'call',
      uses: 'demo.call',
      status: 'completed',
      durationMs: 15,
      bindingId: 'b1',
      serviceId: 's1',
      attempts: 1,
      fallbackUsed: false,
      input: inputs,
      output: { answer: 42 },
    },
  ],
  error: null,
});

const recorder = (options: Partial<HashChainAuditRecorderOptions> = {}): HashChainAuditRecorder =>
  new HashChainAuditRecorder({ store: new FileAuditStore(path), onError: (error) => failures.push(error), ...options });

const fileRecords = async (): Promise<Record<string, unknown>[]> => (await readAuditFile(path)).records;

describe('hash chain on a JSON-lines file', () => {
  it('appends chained records, starting at genesis', async () => {
    const audit = recorder();
    await audit.record(summary('a'), 'standard');
    await audit.record(summary('b'), 'standard');
    const records = await fileRecords();
    expect(records.map((r) => r['trace_id'])).toEqual(['a', 'b']);
    expect(records[0]?.['_prev_hash']).toBe('genesis');
    expect(records[1]?.['_prev_hash']).toBe(records[0]?.['_record_hash']);
    expect(verifyAuditChain(records)).toMatchObject({ ok: true, count: 2 });
  });

  it('continues the chain after a restart (a new recorder and store on the same file)', async () => {
    await recorder().record(summary('first-process'), 'standard');
    await recorder().record(summary('second-process'), 'standard');
    await recorder().record(summary('third-process'), 'full');
    const records = await fileRecords();
    expect(records).toHaveLength(3);
    expect(records.filter((r) => r['_prev_hash'] === 'genesis')).toHaveLength(1);
    expect(verifyAuditChain(records)).toMatchObject({ ok: true, count: 3 });
  });

  it('keeps one valid chain under 50 concurrent records', async () => {
    const audit = recorder();
    const ids = Array.from({ length: 50 }, (_, i) => `run-${i}`);
    await Promise.all(ids.map((id, i) => audit.record(summary(id), i % 2 === 0 ? 'standard' : 'full')));
    const text = await readFile(path, 'utf8');
    expect(text.split('\n')).toHaveLength(51); // 50 lines and the final newline: nothing interleaved
    const records = await fileRecords();
    expect(new Set(records.map((r) => r['trace_id']))).toEqual(new Set(ids));
    expect(verifyAuditChain(records)).toMatchObject({ ok: true, count: 50 });
  });

  it('survives a crash mid-write: the torn line is skipped, reported, and the chain goes on', async () => {
    await recorder().record(summary('a'), 'standard');
    await recorder().record(summary('b'), 'standard');
    const before = await fileRecords();
    await appendFile(path, JSON.stringify((await fileRecords())[1]).slice(0, 60)); // the crash
    const onCorruptLine = jest.fn();
    const restarted = new HashChainAuditRecorder({ store: new FileAuditStore(path, { onCorruptLine }) });
    await restarted.record(summary('c'), 'standard');
    expect(onCorruptLine).toHaveBeenCalledWith(expect.objectContaining({ terminated: false, bytes: 60 }));
    const { records, corruptLines } = await readAuditFile(path);
    expect(corruptLines).toEqual([3]);
    expect(records[2]?.['_prev_hash']).toBe(before[1]?.['_record_hash']);
    expect(verifyAuditChain(records)).toMatchObject({ ok: true, count: 3 });
  });

  it('full mode redacts by exact key names; standard mode writes no values at all', async () => {
    const inputs = { keywords: ['alpha', 'beta'], api_key: 'sk-live-123', Authorization: 'Bearer abc', query: 'weather' };
    const audit = recorder();
    await audit.record(summary('full', inputs), 'full');
    await audit.record(summary('standard', inputs), 'standard');
    const [full, standard] = await fileRecords();
    expect(full?.['inputs']).toEqual({ keywords: ['alpha', 'beta'], api_key: '[REDACTED]', Authorization: '[REDACTED]', query: 'weather' });
    expect((full?.['steps'] as Record<string, unknown>[])[0]?.['input']).toEqual(full?.['inputs']);
    expect(standard).not.toHaveProperty('inputs');
    expect(standard).not.toHaveProperty('outputs');
    expect((standard?.['steps'] as Record<string, unknown>[])[0]).not.toHaveProperty('input');
    const text = await readFile(path, 'utf8');
    expect(text).not.toContain('sk-live-123');
    expect(text).not.toContain('Bearer abc');
    expect(text.split('\n')[1]).not.toContain('weather');
  });

  it('hashes inputs the same whatever their key order', async () => {
    const audit = recorder();
    await audit.record(summary('x', { a: 1, b: { c: [1, 2], d: 'e' } }), 'standard');
    await audit.record(summary('y', { b: { d: 'e', c: [1, 2] }, a: 1 }), 'standard');
    const [x, y] = await fileRecords();
    expect(x?.['input_hash']).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(x?.['input_hash']).toBe(y?.['input_hash']);
  });

  it('adds an HMAC only when a key is given, and verifies it', async () => {
    await recorder().record(summary('unsigned'), 'standard');
    await recorder({ hmacKey: 'audit-key' }).record(summary('signed'), 'standard');
    const [unsigned, signed] = await fileRecords();
    expect(unsigned).not.toHaveProperty('_record_hmac');
    expect(signed?.['_record_hmac']).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyAuditChain([signed], { anchor: null, hmacKey: 'audit-key' }).ok).toBe(true);
    expect(verifyAuditChain([signed], { anchor: null, hmacKey: 'other-key' }).ok).toBe(false);
  });

  it('detects a tampered line', async () => {
    const audit = recorder();
    for (const id of ['a', 'b', 'c', 'd']) await audit.record(summary(id), 'standard');
    const lines = (await readFile(path, 'utf8')).split('\n');
    lines[2] = (lines[2] as string).replace('"status":"completed"', '"status":"failed"');
    await writeFile(path, lines.join('\n'));
    expect(verifyAuditChain(await fileRecords())).toMatchObject({ ok: false, brokenIndex: 2, reason: 'record_hash_mismatch' });
  });
});
