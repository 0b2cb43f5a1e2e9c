import { describe, expect, it } from '@jest/globals';
import type { AuditMode } from '@skill-service/contracts';
import type { AuditRecorder, AuditRunSummary } from '../audit/audit-run-summary.js';
import { defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf } from '../testing/test-engine.js';

class MemoryRecorder implements AuditRecorder {
  readonly records: { summary: AuditRunSummary; mode: string }[] = [];
  async record(summary: AuditRunSummary, mode: Exclude<AuditMode, 'off'>): Promise<void> {
    this.records.push({ summary, mode });
  }
}

const child = defineSkill({
  id: 'demo.child',
  inputs: { text: { type: 'string', required: true } },
  steps: [{ id: 'upper', uses: 'text.upper', input: { text: 'inputs.text' }, output: { text: 'outputs.text' } }],
});
const parent = defineSkill({
  id: 'demo.parent',
  inputs: { text: { type: 'string', required: true } },
  steps: [
    { id: 'call', uses: 'skill:demo.child', input: { text: 'inputs.text' }, output: { text: 'outputs.text' } },
    { id: 'skip', uses: 'text.echo', condition: 'false' },
  ],
});
const failing = defineSkill({ id: 'demo.failing', steps: [{ id: 'boom', uses: 'fail.plain' }] });

describe('audit', () => {
  it('records every settled run, nested ones with depth, parent and lineage, before the result is returned', async () => {
    const audit = new MemoryRecorder();
    const { engine } = createTestEngine({ skills: [child, parent], audit });
    await engine.runSkill('demo.parent', { text: 'hi' }, { traceId: 'trace-a', channel: 'http', requiredConformanceProfile: 'standard' });
    expect(audit.records.map(({ summary, mode }) => [summary.skillId, summary.depth, summary.parentSkillId, summary.lineage, mode])).toEqual([
      ['demo.child', 1, 'demo.parent', ['demo.parent', 'demo.child'], 'standard'],
      ['demo.parent', 0, null, ['demo.parent'], 'standard'],
    ]);
    const root = audit.records[1]?.summary;
    expect(root).toMatchObject({
      traceId: 'trace-a',
      status: 'completed',
      channel: 'http',
      requiredConformanceProfile: 'standard',
      inputs: { text: 'hi' },
      outputs: { text: 'HI' },
      error: null,
    });
    expect(root?.startedAt).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(root?.steps).toEqual([
      { id: 'call', uses: 'skill:demo.child', status: 'completed', durationMs: 0, attempts: 1 },
      { id: 'skip', uses: 'text.echo', status: 'skipped', durationMs: 0 },
    ]);
  });

  it('records a failed run with its error and the failed step', async () => {
    const audit = new MemoryRecorder();
    const { engine } = createTestEngine({ skills: [failing], audit });
    await failureOf(engine.runSkill('demo.failing', {}));
    const [record] = audit.records;
    expect(record?.summary).toMatchObject({
      status: 'failed',
      outputs: null,
      error: { code: 'upstream_failure', message: "Step 'boom' failed: Capability 'fail.plain' failed: the provider raised an unexpected error" },
      steps: [{ id: 'boom', status: 'failed', error: { code: 'upstream_failure' } }],
    });
  });

  it('includes step inputs and outputs in full mode only, and records nothing when off', async () => {
    const audit = new MemoryRecorder();
    const { engine } = createTestEngine({ skills: [child], audit, defaultAuditMode: 'off' });
    await engine.runSkill('demo.child', { text: 'x' });
    expect(audit.records).toEqual([]);
    await engine.runSkill('demo.child', { text: 'x' }, { auditMode: 'full' });
    expect(audit.records[0]?.mode).toBe('full');
    expect(audit.records[0]?.summary.steps[0]).toMatchObject({ input: { text: 'x' }, output: { text: 'X' } });
    await engine.runSkill('demo.child', { text: 'x' }, { auditMode: 'standard' });
    expect(audit.records[1]?.summary.steps[0]).not.toHaveProperty('input');
  });

  it('never lets a failing recorder change the run’s result', async () => {
    const throwing: AuditRecorder = {
      record: () => {
        throw new Error('disk full');
      },
    };
    const rejecting: AuditRecorder = { record: async () => Promise.reject(new Error('disk full')) };
    for (const audit of [throwing, rejecting]) {
      const { engine } = createTestEngine({ skills: [child, failing], audit });
      await expect(engine.runSkill('demo.child', { text: 'x' })).resolves.toMatchObject({ outputs: { text: 'X' } });
      await expect(engine.runSkill('demo.failing', {})).rejects.toMatchObject({ code: 'upstream_failure' });
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
});
