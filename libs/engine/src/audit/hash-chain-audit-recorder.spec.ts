import { describe, expect, it, jest } from '@jest/globals';
import type { AuditRunSummary } from './audit-run-summary.js';
import type { AuditStore } from './audit-store.js';
import { HashChainAuditRecorder, type AuditFailure } from './hash-chain-audit-recorder.js';
import { verifyAuditChain } from './verify-audit-chain.js';

/** Lines in memory; `delay` lets appends overlap the way real I/O does. */
class MemoryAuditStore implements AuditStore {
  readonly lines: string[] = [];
  reads = 0;
  failNextAppend = false;
  failNextRead = false;

  constructor(private readonly delay = 0) {}

  async readLastRecord(): Promise<Record<string, unknown> | null> {
    this.reads += 1;
    await this.pause();
    if (this.failNextRead) {
      this.failNextRead = false;
      throw new Error('read failed');
    }
    const last = this.lines.at(-1);
    return last === undefined ? null : (JSON.parse(last) as Record<string, unknown>);
  }

  async append(line: string): Promise<void> {
    await this.pause();
    if (this.failNextAppend) {
      this.failNextAppend = false;
      throw new Error('disk full');
    }
    this.lines.push(line);
  }

  records(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.random() * this.delay));
  }
}

const summary = (traceId: string, inputs: Record<string, unknown> = { q: traceId }): AuditRunSummary => ({
  traceId,
  skillId: 'demo.skill',
  status: 'completed',
  channel: 'http',
  depth: 0,
  parentSkillId: null,
  lineage: ['demo.skill'],
  startedAt: new Date('2024-05-01T10:00:00Z'),
  finishedAt: new Date('2024-05-01T10:00:00.005Z'),
  requiredConformanceProfile: null,
  inputs,
  outputs: { ok: true },
  steps: [],
  error: null,
});

describe('HashChainAuditRecorder', () => {
  it('starts a new store at genesis and chains every record', async () => {
    const store = new MemoryAuditStore();
    const recorder = new HashChainAuditRecorder({ store });
    await recorder.record(summary('a'), 'standard');
    await recorder.record(summary('b'), 'full');
    const records = store.records();
    expect(records.map((r) => [r['trace_id'], r['mode']])).toEqual([
      ['a', 'standard'],
      ['b', 'full'],
    ]);
    expect(records[0]?.['_prev_hash']).toBe('genesis');
    expect(verifyAuditChain(records)).toMatchObject({ ok: true, count: 2 });
    expect(store.reads).toBe(1);
  });

  it('resumes the chain from the store after a restart', async () => {
    const store = new MemoryAuditStore();
    await new HashChainAuditRecorder({ store }).record(summary('before'), 'standard');
    await new HashChainAuditRecorder({ store }).record(summary('after'), 'standard');
    const records = store.records();
    expect(records[1]?.['_prev_hash']).toBe(records[0]?.['_record_hash']);
    expect(verifyAuditChain(records).ok).toBe(true);
  });

  it('serialises concurrent records into one chain, in call order', async () => {
    const store = new MemoryAuditStore(3);
    const recorder = new HashChainAuditRecorder({ store });
    const ids = Array.from({ length: 50 }, (_, i) => `run-${i}`);
    await Promise.all(ids.map((id) => recorder.record(summary(id), 'standard')));
    const records = store.records();
    expect(records.map((r) => r['trace_id'])).toEqual(ids);
    expect(verifyAuditChain(records)).toMatchObject({ ok: true, count: 50 });
    expect(store.reads).toBe(1);
  });

  it('signs records when given an HMAC key', async () => {
    const store = new MemoryAuditStore();
    await new HashChainAuditRecorder({ store, hmacKey: 'k3y' }).record(summary('a'), 'standard');
    expect(store.records()[0]?.['_record_hmac']).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyAuditChain(store.records(), { hmacKey: 'k3y' }).ok).toBe(true);
  });

  it('snapshots the summary when called, not when the queue reaches it', async () => {
    const store = new MemoryAuditStore(2);
    const recorder = new HashChainAuditRecorder({ store });
    const inputs: Record<string, unknown> = { q: 'first' };
    const pending = [recorder.record(summary('a'), 'full'), recorder.record(summary('b', inputs), 'full')];
    inputs['q'] = 'changed';
    await Promise.all(pending);
    expect(store.records()[1]?.['inputs']).toEqual({ q: 'first' });
  });

  it('passes redaction options through', async () => {
    const store = new MemoryAuditStore();
    await new HashChainAuditRecorder({ store, redactKeys: ['q'] }).record(summary('a', { q: 'x', api_key: 'k' }), 'full');
    expect(store.records()[0]?.['inputs']).toEqual({ q: '[REDACTED]', api_key: 'k' });
  });

  it('reports a failed append, never throws, and re-reads the tail before the next record', async () => {
    const store = new MemoryAuditStore();
    const failures: AuditFailure[] = [];
    const recorder = new HashChainAuditRecorder({ store, onError: (_error, failure) => failures.push(failure) });
    await recorder.record(summary('a'), 'standard');
    store.failNextAppend = true;
    await expect(recorder.record(summary('b'), 'standard')).resolves.toBeUndefined();
    await recorder.record(summary('c'), 'standard');
    expect(failures).toEqual([{ stage: 'append', traceId: 'b', skillId: 'demo.skill' }]);
    expect(store.records().map((r) => r['trace_id'])).toEqual(['a', 'c']);
    expect(verifyAuditChain(store.records()).ok).toBe(true);
    expect(store.reads).toBe(2);
  });

  it('drops (and reports) a record when the tail cannot be read, rather than forking the chain', async () => {
    const store = new MemoryAuditStore();
    await new HashChainAuditRecorder({ store }).record(summary('a'), 'standard');
    const onError = jest.fn();
    const recorder = new HashChainAuditRecorder({ store, onError });
    store.failNextRead = true;
    await recorder.record(summary('lost'), 'standard');
    await recorder.record(summary('b'), 'standard');
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { stage: 'resume', traceId: 'lost', skillId: 'demo.skill' });
    expect(store.records().map((r) => r['trace_id'])).toEqual(['a', 'b']);
    expect(verifyAuditChain(store.records()).ok).toBe(true);
  });

  it('reports a summary it cannot turn into a record', async () => {
    const store = new MemoryAuditStore();
    const onError = jest.fn();
    const broken = { ...summary('bad'), startedAt: new Date(Number.NaN) };
    await new HashChainAuditRecorder({ store, onError }).record(broken, 'standard');
    expect(onError).toHaveBeenCalledWith(expect.any(RangeError), { stage: 'build', traceId: 'bad', skillId: 'demo.skill' });
    expect(store.lines).toEqual([]);
  });

  it('writes nothing for mode off and reports an unknown mode', async () => {
    const store = new MemoryAuditStore();
    const onError = jest.fn();
    const recorder = new HashChainAuditRecorder({ store, onError });
    await recorder.record(summary('off'), 'off' as never);
    await recorder.record(summary('odd'), 'verbose' as never);
    expect(store.lines).toEqual([]);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.any(TypeError), { stage: 'build', traceId: 'odd', skillId: 'demo.skill' });
  });

  it('survives an onError callback that throws, and works without one', async () => {
    const store = new MemoryAuditStore();
    store.failNextAppend = true;
    const recorder = new HashChainAuditRecorder({
      store,
      onError: () => {
        throw new Error('reporter broke');
      },
    });
    await expect(recorder.record(summary('a'), 'standard')).resolves.toBeUndefined();
    store.failNextAppend = true;
    await expect(new HashChainAuditRecorder({ store }).record(summary('b'), 'standard')).resolves.toBeUndefined();
  });

  it('links to the content of a last line that has no hash, and reports it', async () => {
    const store = new MemoryAuditStore();
    store.lines.push(JSON.stringify({ note: 'hand-written' }));
    const onError = jest.fn();
    await new HashChainAuditRecorder({ store, onError }).record(summary('a'), 'standard');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(store.records()[1]?.['_prev_hash']).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyAuditChain(store.records().slice(1), { anchor: null }).ok).toBe(true);
  });
});
