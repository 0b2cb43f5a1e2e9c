import { describe, expect, it } from '@jest/globals';
import { NotFoundError, SkillListQuery } from '@skill-service/contracts';
import type { RuntimeFacts } from './diagnostics-report.js';
import { SkillCatalog } from './skill-catalog.js';
import { capability, catalogSkill, sourceOf } from './testing/catalog-skills.js';

const SKILLS = [
  catalogSkill('text.shout', {}, { status: 'stable', tags: ['shout'] }),
  catalogSkill('text.scan', {}, { classification: { invocation: 'attach', attach_targets: ['output'] } }),
];

function catalog(): { catalog: SkillCatalog; clock: { now: number } } {
  const clock = { now: Date.UTC(2025, 0, 1, 12, 0, 0) };
  const source = sourceOf(SKILLS, [capability('text.upper'), capability('text.orphan')], { 'text.upper': 'standard' });
  return { catalog: new SkillCatalog(source, { now: () => clock.now }), clock };
}

const FACTS: RuntimeFacts = {
  diagnostics: [
    {
      file: 'skills/official/text/broken/skill.yaml',
      path: 'steps[0].uses',
      code: 'yaml_error',
      message: 'cannot read /home/someone/checkout/registry/skills/official/text/broken/skill.yaml: bad indent',
      severity: 'error',
      root: 'registry',
    },
  ],
  rejectedSkills: ['text.broken'],
  services: 2,
  bindings: 3,
  providers: { python_workers: { status: 'ok', pool_size: 2 } },
  circuitBreakers: { remote: { state: 'open', failures: 5 } },
};

/** Every string anywhere in a value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, entry]) => [key, ...strings(entry)]);
  return [];
}

describe('SkillCatalog', () => {
  it('lists and describes; an unknown skill is a 404', () => {
    const { catalog: target } = catalog();
    expect(target.list(SkillListQuery.parse({})).skills.map((skill) => skill.id)).toEqual(['text.scan', 'text.shout']);
    expect(target.describe('text.shout')).toMatchObject({ id: 'text.shout', status: 'stable', deprecated: false });
    expect(() => target.describe('nope')).toThrow(new NotFoundError("Skill 'nope' not found"));
  });

  it('reports diagnostics with counts, unbound capabilities, health, breakers, history and no absolute path', () => {
    const { catalog: target, clock } = catalog();
    target.recordExecution({ skillId: 'text.shout', traceId: 't-1', ok: true, durationMs: 3 });
    clock.now += 2500;
    const report = target.diagnostics(FACTS);
    expect(report).toEqual({
      process: {
        started_at: '2025-01-01T12:00:00.000Z',
        uptime_seconds: 2.5,
        operation_counts: { list: 0, describe: 0, discover: 0, governance: 0, diagnostics: 1, attach: 0, reset_metrics: 0 },
      },
      registry: {
        counts: { skills: 2, rejected_skills: 1, capabilities: 2, services: 2, bindings: 3 },
        diagnostics: [{ ...FACTS.diagnostics[0], message: 'cannot read <path>: bad indent' }],
        rejected_skills: ['text.broken'],
        unbound_capabilities: ['text.orphan'],
      },
      providers: { python_workers: { status: 'ok', pool_size: 2 } },
      circuit_breakers: { remote: { state: 'open', failures: 5 } },
      execution_history: { skills: 1, executions: 1, trace_ids: 1 },
    });
    expect(strings(report).filter((text) => text.startsWith('/') || text.includes('/home/'))).toEqual([]);
  });

  it('counts every operation, failed ones included, and resets the counters', () => {
    const { catalog: target } = catalog();
    target.list(SkillListQuery.parse({}));
    target.list(SkillListQuery.parse({}));
    expect(() => target.describe('nope')).toThrow(NotFoundError);
    target.discover({ intent: 'shout', limit: 10 });
    target.governance({ limit: 20 });
    expect(() => target.prepareAttach('text.shout', 'output', 't', { hasRun: () => false })).toThrow(/cannot be attached/);
    target.diagnostics(FACTS);
    expect(target.operationCounts()).toEqual({ list: 2, describe: 1, discover: 1, governance: 1, diagnostics: 1, attach: 1, reset_metrics: 0 });
    const reset = target.resetCounters(FACTS);
    expect(reset.reset).toBe(true);
    expect(reset.diagnostics.process.operation_counts).toEqual({ list: 0, describe: 0, discover: 0, governance: 0, diagnostics: 0, attach: 0, reset_metrics: 1 });
  });

  it("prepares attach against its own history's trace ids and the given runs", () => {
    const { catalog: target } = catalog();
    expect(() => target.prepareAttach('nope', 'output', 't-1', { hasRun: () => false })).toThrow(NotFoundError);
    expect(() => target.prepareAttach('text.scan', 'output', 't-1', { hasRun: () => true })).toThrow(
      "Invalid attach target: output 't-1' is not the trace id of an earlier execution",
    );
    target.recordExecution({ skillId: 'text.shout', traceId: 't-1', ok: false, durationMs: 1 });
    expect(target.prepareAttach('text.scan', 'output', 't-1', { hasRun: () => false })).toEqual({
      target_type: 'output',
      target_ref: 't-1',
      validation_source: 'execution_history',
      validation_result: 'trace_match',
    });
  });

  it('builds the discover index once and sees executions recorded after it', () => {
    const { catalog: target } = catalog();
    const before = target.discover({ intent: 'shout', limit: 10 }).results[0];
    for (let index = 0; index < 4; index += 1) target.recordExecution({ skillId: 'text.shout', traceId: `t${index}`, ok: true, durationMs: 2 });
    const after = target.discover({ intent: 'shout', limit: 10 }).results[0];
    expect(before?.evidence.executions).toBe(0);
    expect(after?.evidence).toMatchObject({ executions: 4, successes: 4 });
    expect(after?.reason_codes).toContain('success_rate_high');
  });
});
