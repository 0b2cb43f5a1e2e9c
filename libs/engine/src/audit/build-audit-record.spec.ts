import { describe, expect, it } from '@jest/globals';
import type { AuditRunSummary } from './audit-run-summary.js';
import { buildAuditRecord } from './build-audit-record.js';
import { REDACTED } from './redact-keys.js';
import { sha256Of } from './sha256-of.js';

const summary = (overrides: Partial<AuditRunSummary> = {}): AuditRunSummary => ({
  traceId: 'trace-1',
  skillId: 'text.summarize',
  status: 'completed',
  channel: 'http',
  depth: 0,
  parentSkillId: null,
  lineage: ['text.summarize'],
  startedAt: new Date('2024-05-01T10:00:00.000Z'),
  finishedAt: new Date('2024-05-01T10:00:01.250Z'),
  requiredConformanceProfile: null,
  inputs: { text: 'hello', keywords: ['a'], api_key: 'sk-123' },
  outputs: { summary: 'hi' },
  steps: [
    {
      id: 'summarize',
      uses: 'text.summarize',
      status: 'completed',
      durationMs: 12.34567,
      bindingId: 'python_summarize',
      serviceId: 'text_service',
      attempts: 1,
      fallbackUsed: false,
      conformanceProfile: 'standard',
      input: { text: 'hello', Authorization: 'Bearer t' },
      output: { summary: 'hi' },
    },
    { id: 'notify', uses: 'notify.send', status: 'skipped', durationMs: 0 },
  ],
  error: null,
  ...overrides,
});

describe('buildAuditRecord — standard mode', () => {
  const record = buildAuditRecord(summary(), 'standard');

  it('writes the run fields with ISO Z times and a duration', () => {
    expect(record).toMatchObject({
      schema_version: '1.0',
      mode: 'standard',
      trace_id: 'trace-1',
      skill_id: 'text.summarize',
      status: 'completed',
      channel: 'http',
      depth: 0,
      parent_skill_id: null,
      lineage: ['text.summarize'],
      started_at: '2024-05-01T10:00:00.000Z',
      finished_at: '2024-05-01T10:00:01.250Z',
      duration_ms: 1250,
      required_conformance_profile: null,
      error: null,
    });
  });

  it('writes hashes and no values at all', () => {
    expect(record.input_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(record.output_hash).toBe(sha256Of({ summary: 'hi' }));
    expect(record).not.toHaveProperty('inputs');
    expect(record).not.toHaveProperty('outputs');
    expect(record.steps[0]).not.toHaveProperty('input');
    expect(record.steps[0]).not.toHaveProperty('output');
    expect(JSON.stringify(record)).not.toContain('hello');
    expect(JSON.stringify(record)).not.toContain('sk-123');
  });

  it('writes every step field, null when unknown', () => {
    expect(record.steps).toEqual([
      {
        id: 'summarize',
        uses: 'text.summarize',
        status: 'completed',
        duration_ms: 12.346,
        binding_id: 'python_summarize',
        service_id: 'text_service',
        attempts: 1,
        fallback_used: false,
        conformance_profile: 'standard',
        input_hash: expect.stringMatching(/^sha256:/),
        output_hash: sha256Of({ summary: 'hi' }),
        error: null,
      },
      {
        id: 'notify',
        uses: 'notify.send',
        status: 'skipped',
        duration_ms: 0,
        binding_id: null,
        service_id: null,
        attempts: null,
        fallback_used: null,
        conformance_profile: null,
        input_hash: null,
        output_hash: null,
        error: null,
      },
    ]);
  });
});

describe('buildAuditRecord — hashes', () => {
  it('hash data without secrets exactly as sha256Of does, whatever the key order', () => {
    const inputs = { b: [1, 2], a: { y: 'z' } };
    const record = buildAuditRecord(summary({ inputs }), 'standard');
    expect(record.input_hash).toBe(sha256Of(inputs));
    expect(record.input_hash).toBe(buildAuditRecord(summary({ inputs: { a: { y: 'z' }, b: [1, 2] } }), 'standard').input_hash);
  });

  it('are taken after redaction, so a guessed secret cannot be confirmed from the log', () => {
    const one = buildAuditRecord(summary({ inputs: { q: 'x', password: 'hunter2' } }), 'standard');
    const two = buildAuditRecord(summary({ inputs: { q: 'x', password: 'letmein' } }), 'standard');
    expect(one.input_hash).toBe(two.input_hash);
    expect(one.input_hash).toBe(sha256Of({ q: 'x', password: REDACTED }));
  });

  it('are not subject to the size caps of full mode', () => {
    const one = buildAuditRecord(summary({ inputs: { text: `${'x'.repeat(5000)}1` } }), 'full');
    const two = buildAuditRecord(summary({ inputs: { text: `${'x'.repeat(5000)}2` } }), 'full');
    expect(one.inputs).toEqual(two.inputs);
    expect(one.input_hash).not.toBe(two.input_hash);
  });

  it('never fail on cyclic data', () => {
    const inputs: Record<string, unknown> = { a: 1 };
    inputs['self'] = inputs;
    expect(buildAuditRecord(summary({ inputs }), 'standard').input_hash).toMatch(/^sha256:/);
  });
});

describe('buildAuditRecord — full mode', () => {
  it('adds sanitised inputs, outputs and step values, redacting exact names only', () => {
    const record = buildAuditRecord(summary(), 'full');
    expect(record.inputs).toEqual({ text: 'hello', keywords: ['a'], api_key: REDACTED });
    expect(record.outputs).toEqual({ summary: 'hi' });
    expect(record.steps[0]).toMatchObject({
      input: { text: 'hello', Authorization: REDACTED },
      output: { summary: 'hi' },
    });
    expect(record.steps[1]).toMatchObject({ input: null, output: null });
    expect(JSON.stringify(record)).not.toContain('sk-123');
    expect(JSON.stringify(record)).not.toContain('Bearer t');
  });

  it('honours configured keys and caps', () => {
    const record = buildAuditRecord(
      summary({ inputs: { text: 'abcdef', list: [1, 2, 3], api_key: 'k', pin: 1 } }),
      'full',
      { redactKeys: ['pin'], maxString: 3, maxItems: 10 },
    );
    expect(record.inputs).toEqual({ text: 'abc', list: [1, 2, 3], api_key: 'k', pin: REDACTED });
  });
});

describe('buildAuditRecord — failures', () => {
  it('writes the run error and caps every error message at 2048 characters', () => {
    const long = 'e'.repeat(5000);
    const record = buildAuditRecord(
      summary({
        status: 'failed',
        outputs: null,
        error: { code: 'upstream_failure', message: long },
        steps: [{ id: 's', uses: 'c', status: 'failed', durationMs: 3, error: { code: 'upstream_failure', message: long } }],
      }),
      'standard',
    );
    expect(record.status).toBe('failed');
    expect(record.output_hash).toBeNull();
    expect(record.error?.code).toBe('upstream_failure');
    expect(record.error?.message).toHaveLength(2048);
    expect(record.error?.message).toBe(`${'e'.repeat(2025)}…[truncated 2975 chars]`);
    expect(record.steps[0]?.error?.message.length).toBe(record.error?.message.length);
  });

  it('writes a nested run with its parent and lineage', () => {
    const record = buildAuditRecord(
      summary({ depth: 1, parentSkillId: 'outer', lineage: ['outer', 'inner'], channel: 'attach:email' }),
      'standard',
    );
    expect(record).toMatchObject({ depth: 1, parent_skill_id: 'outer', lineage: ['outer', 'inner'], channel: 'attach:email' });
  });
});
