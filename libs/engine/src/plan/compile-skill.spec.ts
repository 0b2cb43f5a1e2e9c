import { describe, expect, it } from '@jest/globals';
import { InvalidConfigurationError } from '@skill-service/contracts';
import { defineSkill } from '../testing/define.js';
import { compileSkill } from './compile-skill.js';

const skill = defineSkill({
  id: 'demo.compile',
  steps: [
    { id: 'sum', uses: 'math.add', input: { a: 'vars.x', b: 2 }, output: { sum: 'vars.total' } },
    { id: 'seed', uses: 'text.echo', input: { value: 1 }, output: { value: 'vars.x' } },
    { id: 'show', uses: 'text.echo', input: { value: 'vars.total' }, output: { value: 'outputs.total' }, depends_on: ['seed'] },
    { id: 'alone', uses: 'text.echo', condition: 'inputs.go == true', router: { on: 'inputs.mode', cases: { a: 'text.upper' } } },
  ],
});

describe('compileSkill', () => {
  it('turns explicit and data dependencies into step indices, both ways', () => {
    const compiled = compileSkill(skill);
    expect(compiled.steps.map((step) => [step.id, step.dependencies, step.dependants])).toEqual([
      ['sum', [1], [2]],
      ['seed', [], [0, 2]],
      ['show', [0, 1], []],
      ['alone', [], []],
    ]);
  });

  it('parses expressions and splits output targets once', () => {
    const alone = compileSkill(skill).steps[3];
    expect(alone?.condition?.source).toBe('inputs.go == true');
    expect(alone?.router?.on.source).toBe('inputs.mode');
    expect(compileSkill(skill).steps[0]?.writes).toEqual([
      { produced: 'sum', producedPath: ['sum'], target: { text: 'vars.total', namespace: 'vars', path: ['total'] } },
    ]);
  });

  it('compiles a definition object once and reuses the plan', () => {
    expect(compileSkill(skill)).toBe(compileSkill(skill));
    const copy = defineSkill({ ...skill });
    expect(compileSkill(copy)).not.toBe(compileSkill(skill));
  });

  it('throws a fresh 409 for an invalid plan every time', () => {
    const cyclic = defineSkill({ id: 'demo.self', steps: [{ id: 'a', uses: 'text.echo', input: { value: 'vars.a' }, output: { value: 'vars.a' } }] });
    const first = (() => {
      try {
        compileSkill(cyclic);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(first).toBeInstanceOf(InvalidConfigurationError);
    expect(() => compileSkill(cyclic)).toThrow(InvalidConfigurationError);
    expect((first as InvalidConfigurationError).message).toBe(`Skill 'demo.self' has an invalid plan: step 'a': step "a" depends on itself`);
  });

  it('rejects a router combined with scatter', () => {
    const combined = defineSkill({
      id: 'demo.combined',
      steps: [
        {
          id: 'both',
          uses: 'text.echo',
          router: { on: 'inputs.x', cases: {} },
          scatter: { capabilities: ['text.echo', 'text.upper'] },
        },
      ],
    });
    expect(() => compileSkill(combined)).toThrow('router and scatter cannot be combined');
  });
});
