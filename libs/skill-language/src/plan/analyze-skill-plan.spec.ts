import { describe, expect, it } from '@jest/globals';
import { analyzeSkillPlan } from './analyze-skill-plan.js';
import type { PlanStep } from './plan-step.js';

const depsOf = (steps: PlanStep[]): Record<string, string[]> =>
  Object.fromEntries([...analyzeSkillPlan(steps).dependencies].map(([id, deps]) => [id, [...deps].sort()]));
const codesOf = (steps: PlanStep[]): string[] => analyzeSkillPlan(steps).problems.map((problem) => problem.code);

describe('analyzeSkillPlan: edges', () => {
  it('adds a data edge from a reader to the writer of the var, wherever the writer is declared', () => {
    const steps: PlanStep[] = [
      { id: 'summarise', input: { text: 'vars.clean' }, output: { summary: 'outputs.summary' } },
      { id: 'clean', input: { text: 'inputs.text' }, output: { text: 'vars.clean' } },
    ];
    const plan = analyzeSkillPlan(steps);
    expect(depsOf(steps)).toEqual({ summarise: ['clean'], clean: [] });
    expect(plan.order).toEqual(['clean', 'summarise']);
    expect(plan.problems).toEqual([]);
    expect(plan.reads.get('summarise')).toEqual([{ reference: 'vars.clean', field: ['input', 'text'] }]);
    expect(plan.writes.get('clean')).toEqual([{ target: 'vars.clean', field: ['output', 'text'] }]);
  });

  it('does not make a step depend on the previous one when depends_on is absent', () => {
    const steps: PlanStep[] = [
      { id: 'a', input: { text: 'inputs.text' }, output: { x: 'vars.a' } },
      { id: 'b', input: { text: 'inputs.text' }, output: { x: 'vars.b' } },
    ];
    expect(depsOf(steps)).toEqual({ a: [], b: [] });
  });

  it('unions explicit depends_on with data edges', () => {
    const steps: PlanStep[] = [
      { id: 'a', output: { x: 'vars.a' } },
      { id: 'b', output: { x: 'working.b' } },
      { id: 'c', input: { v: 'vars.a' }, depends_on: ['b'] },
    ];
    expect(depsOf(steps)).toEqual({ a: [], b: [], c: ['a', 'b'] });
  });

  it('makes no edge for inputs.* or frame.* reads', () => {
    const steps: PlanStep[] = [
      { id: 'a', input: { t: 'inputs.text', f: 'frame.goal' }, output: { x: 'vars.a' } },
      { id: 'b', input: { t: 'inputs.a' } },
    ];
    expect(depsOf(steps)).toEqual({ a: [], b: [] });
    expect(analyzeSkillPlan(steps).problems).toEqual([]);
  });

  it('matches paths segment-wise in both directions', () => {
    const steps: PlanStep[] = [
      { id: 'whole', output: { r: 'vars.report' } },
      { id: 'part', output: { s: 'vars.stats.mean' } },
      { id: 'readPart', input: { v: 'vars.report.title' } },
      { id: 'readWhole', input: { v: 'vars.stats' } },
    ];
    expect(depsOf(steps)).toEqual({ whole: [], part: [], readPart: ['whole'], readWhole: ['part'] });
  });

  it('does not treat a longer name as a prefix match (vars.ab is not under vars.a)', () => {
    const steps: PlanStep[] = [
      { id: 'w', output: { x: 'vars.ab' } },
      { id: 'r', input: { v: 'vars.a' } },
    ];
    const plan = analyzeSkillPlan(steps);
    expect(plan.dependencies.get('r')).toEqual(new Set());
    expect(plan.problems.map((problem) => [problem.code, problem.stepId, problem.field])).toEqual([
      ['unwritten_var', 'r', ['input', 'v']],
    ]);
  });

  it('depends on every writer of a read path', () => {
    const steps: PlanStep[] = [
      { id: 'w1', output: { x: 'outputs.list' } },
      { id: 'w2', output: { x: 'outputs.list' } },
      { id: 'r', input: { v: 'outputs.list' } },
    ];
    expect(depsOf(steps).r).toEqual(['w1', 'w2']);
  });

  it('walks nested input mappings and lists, but not {literal: ...} escapes', () => {
    const steps: PlanStep[] = [
      { id: 'w', output: { x: 'vars.x', y: 'vars.y' } },
      {
        id: 'r',
        input: {
          nested: { deep: ['plain text. Not a ref', 'vars.x', { literal: 'vars.nowhere' }] },
          escaped: { literal: 'vars.missing' },
          notEscape: { literal: 'vars.y', extra: 1 },
          number: 3,
          nothing: null,
        },
      },
    ];
    const plan = analyzeSkillPlan(steps);
    expect(plan.reads.get('r')).toEqual([
      { reference: 'vars.x', field: ['input', 'nested', 'deep', 1] },
      { reference: 'vars.y', field: ['input', 'notEscape', 'literal'] },
    ]);
    expect(plan.problems).toEqual([]);
  });

  it('reads expressions of condition, foreach.items, while.condition and router.on', () => {
    const steps: PlanStep[] = [
      { id: 'w', output: { a: 'vars.flag', b: 'vars.items', c: 'vars.more', d: 'vars.kind' } },
      { id: 'c', condition: 'flag == true and inputs.force' },
      { id: 'f', foreach: { items: 'vars.items' } },
      { id: 'l', while: { condition: 'vars.more' } },
      { id: 'r', router: { on: 'kind' } },
    ];
    const plan = analyzeSkillPlan(steps);
    expect(depsOf(steps)).toEqual({ w: [], c: ['w'], f: ['w'], l: ['w'], r: ['w'] });
    expect(plan.reads.get('c')).toEqual([
      { reference: 'vars.flag', field: ['condition'] },
      { reference: 'inputs.force', field: ['condition'] },
    ]);
    expect(plan.reads.get('r')).toEqual([{ reference: 'vars.kind', field: ['router', 'on'] }]);
  });
});

describe('analyzeSkillPlan: problems', () => {
  it('reports an unknown depends_on with its position', () => {
    const plan = analyzeSkillPlan([{ id: 'a' }, { id: 'b', depends_on: ['a', 'ghost'] }]);
    expect(plan.problems).toEqual([
      {
        code: 'unknown_dependency',
        message: 'depends_on names "ghost", which is not a step of this skill',
        stepId: 'b',
        stepIndex: 1,
        field: ['depends_on', 1],
        reference: 'ghost',
      },
    ]);
    expect(plan.dependencies.get('b')).toEqual(new Set(['a']));
  });

  it('reports a read of a var no step writes, from a mapping and from a bare identifier', () => {
    const plan = analyzeSkillPlan([{ id: 'a', input: { t: 'vars.nope' }, condition: 'ready' }]);
    expect(plan.problems.map((problem) => [problem.code, problem.field, problem.reference])).toEqual([
      ['unwritten_var', ['input', 't'], 'vars.nope'],
      ['unwritten_var', ['condition'], 'vars.ready'],
    ]);
  });

  it('finds a cycle of explicit depends_on with every member', () => {
    const plan = analyzeSkillPlan([
      { id: 'a', depends_on: ['c'] },
      { id: 'b', depends_on: ['a'] },
      { id: 'c', depends_on: ['b'] },
      { id: 'd' },
      { id: 'e', depends_on: ['c'] },
    ]);
    expect(plan.problems).toEqual([
      {
        code: 'dependency_cycle',
        message: 'steps "a", "b", "c" depend on each other in a cycle',
        stepId: 'a',
        stepIndex: 0,
        field: [],
        members: ['a', 'b', 'c'],
      },
    ]);
    // Cycle members and their dependants never become ready.
    expect(plan.order).toEqual(['d']);
  });

  it('finds a cycle made of data edges', () => {
    const plan = analyzeSkillPlan([
      { id: 'ping', input: { v: 'vars.pong' }, output: { r: 'vars.ping' } },
      { id: 'pong', input: { v: 'vars.ping' }, output: { r: 'vars.pong' } },
    ]);
    expect(plan.problems.map((problem) => [problem.code, problem.members])).toEqual([['dependency_cycle', ['ping', 'pong']]]);
  });

  it('finds a cycle mixing a data edge and depends_on, and a self dependency', () => {
    expect(
      codesOf([
        { id: 'a', output: { r: 'vars.a' }, depends_on: ['b'] },
        { id: 'b', input: { v: 'vars.a' } },
      ]),
    ).toEqual(['dependency_cycle']);
    expect(analyzeSkillPlan([{ id: 'self', depends_on: ['self'] }]).problems[0]?.members).toEqual(['self']);
  });

  it('lets a while step read its own writes, but not a plain step', () => {
    const loop: PlanStep = { id: 'refine', input: { draft: 'vars.draft' }, output: { text: 'vars.draft' }, while: { condition: 'vars.draft == null' } };
    expect(analyzeSkillPlan([loop]).problems).toEqual([]);
    expect(analyzeSkillPlan([loop]).order).toEqual(['refine']);
    const plain: PlanStep = { id: 'refine', input: { draft: 'vars.draft' }, output: { text: 'vars.draft' } };
    expect(analyzeSkillPlan([plain]).problems.map((problem) => [problem.code, problem.members])).toEqual([
      ['dependency_cycle', ['refine']],
    ]);
  });

  it('lets a step read and extend a value another step wrote first (no self-cycle)', () => {
    const plan = analyzeSkillPlan([
      { id: 'seed', output: { list: 'vars.log' } },
      { id: 'add', input: { prior: 'vars.log' }, output: { list: 'vars.log' } },
    ]);
    expect(plan.problems).toEqual([]);
    expect(plan.order).toEqual(['seed', 'add']);
  });

  it('treats a foreach step’s own loop variables as written, and only for that step', () => {
    const plan = analyzeSkillPlan([
      { id: 'w', output: { docs: 'vars.docs' } },
      {
        id: 'each',
        foreach: { items: 'vars.docs', as: 'doc', index_as: 'i' },
        input: { text: 'vars.doc.text', position: 'vars.i' },
        condition: 'doc != null',
        output: { summary: 'vars.summaries' },
      },
      { id: 'default', foreach: { items: "['a', 'b']" }, input: { text: 'vars.item' } },
      { id: 'outside', input: { text: 'vars.doc' } },
    ]);
    expect(plan.problems.map((problem) => [problem.code, problem.stepId, problem.reference])).toEqual([
      ['unwritten_var', 'outside', 'vars.doc'],
    ]);
    expect(plan.dependencies.get('each')).toEqual(new Set(['w']));
  });

  it('reports output targets outside the writable namespaces', () => {
    const plan = analyzeSkillPlan([
      { id: 'a', output: { x: 'inputs.x', y: 'result', z: 'vars.', ok: 'extensions.trace.note', n: 5 } },
    ]);
    expect(plan.problems.map((problem) => [problem.code, problem.field, problem.reference])).toEqual([
      ['invalid_target', ['output', 'x'], 'inputs.x'],
      ['invalid_target', ['output', 'y'], 'result'],
      ['invalid_target', ['output', 'z'], 'vars.'],
      ['invalid_target', ['output', 'n'], '5'],
    ]);
    expect(plan.writes.get('a')).toEqual([{ target: 'extensions.trace.note', field: ['output', 'ok'] }]);
  });

  it('reports expressions that do not parse, at their field', () => {
    const plan = analyzeSkillPlan([
      { id: 'a', condition: 'vars.x ==' },
      { id: 'b', foreach: { items: 'vars.list &' } },
      { id: 'c', while: { condition: '(inputs.x' } },
      { id: 'd', router: { on: '' } },
    ]);
    expect(plan.problems.map((problem) => [problem.code, problem.stepId, problem.field])).toEqual([
      ['invalid_expression', 'a', ['condition']],
      ['invalid_expression', 'b', ['foreach', 'items']],
      ['invalid_expression', 'c', ['while', 'condition']],
      ['invalid_expression', 'd', ['router', 'on']],
    ]);
  });

  it('reports a duplicate step id and analyses the first step of that id only', () => {
    const plan = analyzeSkillPlan([{ id: 'a', output: { x: 'vars.x' } }, { id: 'a', input: { v: 'vars.nope' } }]);
    expect(plan.problems.map((problem) => [problem.code, problem.stepIndex, problem.field])).toEqual([['duplicate_id', 1, ['id']]]);
    expect([...plan.dependencies.keys()]).toEqual(['a']);
  });
});

describe('analyzeSkillPlan: order', () => {
  it('is a topological order that keeps declaration order between independent steps', () => {
    const plan = analyzeSkillPlan([
      { id: 'report', input: { a: 'vars.left', b: 'vars.right' }, output: { r: 'outputs.report' } },
      { id: 'right', input: { t: 'vars.base' }, output: { r: 'vars.right' } },
      { id: 'left', input: { t: 'vars.base' }, output: { r: 'vars.left' } },
      { id: 'base', input: { t: 'inputs.text' }, output: { r: 'vars.base' } },
      { id: 'audit', input: { t: 'inputs.text' } },
    ]);
    expect(plan.order).toEqual(['base', 'right', 'left', 'report', 'audit']);
  });

  it('handles a long chain without recursion limits', () => {
    const steps: PlanStep[] = Array.from({ length: 5000 }, (_, i) => ({
      id: `s${i}`,
      input: i === 0 ? {} : { v: `vars.v${i - 1}` },
      output: { r: `vars.v${i}` },
    }));
    const plan = analyzeSkillPlan(steps);
    expect(plan.problems).toEqual([]);
    expect(plan.order[4999]).toBe('s4999');
  });
});
