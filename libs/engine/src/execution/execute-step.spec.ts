import { describe, expect, it } from '@jest/globals';
import { defineCapability, defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf } from '../testing/test-engine.js';

describe('conditions', () => {
  const branches = defineSkill({
    id: 'demo.branches',
    inputs: { flag: { type: 'boolean', required: true }, text: { type: 'string', required: true } },
    steps: [
      { id: 'yes', uses: 'text.upper', condition: 'inputs.flag == true', input: { text: 'inputs.text' }, output: { text: 'vars.yes' } },
      { id: 'no', uses: 'text.echo', condition: 'not inputs.flag', input: { value: 'inputs.text' }, output: { value: 'vars.no' } },
      { id: 'merge', uses: 'text.echo', input: { value: { yes: 'vars.yes', no: 'vars.no' } }, output: { value: 'outputs.answer' } },
    ],
  });

  it('skips a step whose condition is false; its dependants run and read null for what it would have written', async () => {
    const { engine, invoker } = createTestEngine({ skills: [branches] });
    const result = await engine.runSkill('demo.branches', { flag: true, text: 'hi' }, { includeTrace: true });
    expect(result.outputs).toEqual({ answer: { yes: 'HI', no: null } });
    expect(invoker.calls.map((call) => call.stepId)).toEqual(['yes', 'merge']);
    const skipped = result.events?.filter((event) => event.type === 'step_skipped');
    expect(skipped).toEqual([
      expect.objectContaining({
        step_id: 'no',
        message: `Step 'no' skipped: condition "not inputs.flag" is false`,
        data: { condition: 'not inputs.flag' },
      }),
    ]);

    const other = await engine.runSkill('demo.branches', { flag: false, text: 'hi' });
    expect(other.outputs).toEqual({ answer: { yes: null, no: 'hi' } });
  });

  it('evaluates the condition before resolving any input', async () => {
    const skill = defineSkill({
      id: 'demo.condition-first',
      inputs: { go: { type: 'boolean', required: true } },
      steps: [
        { id: 'make', uses: 'text.echo', input: { value: { a: 1 } }, output: { value: 'vars.record' } },
        { id: 'use', uses: 'text.echo', condition: 'inputs.go', input: { value: 'vars.record.missing' }, output: { value: 'outputs.v' } },
      ],
    });
    const { engine } = createTestEngine({ skills: [skill] });
    await expect(engine.runSkill('demo.condition-first', { go: false })).resolves.toMatchObject({ outputs: {} });
    const error = await failureOf(engine.runSkill('demo.condition-first', { go: true }));
    expect(error).toMatchObject({ code: 'invalid_request', stepId: 'use' });
    expect(error.message).toBe("Step 'use' failed: Reference 'vars.record.missing' does not resolve to a value");
  });

  it('fails with 400 when a condition cannot be evaluated', async () => {
    const skill = defineSkill({
      id: 'demo.bad-condition',
      inputs: { n: { type: 'number', required: true } },
      steps: [{ id: 'check', uses: 'text.echo', condition: "'a' in inputs.n" }],
    });
    const { engine } = createTestEngine({ skills: [skill] });
    const error = await failureOf(engine.runSkill('demo.bad-condition', { n: 5 }));
    expect(error).toMatchObject({ code: 'invalid_request', status: 400, stepId: 'check' });
  });
});

describe('input mapping', () => {
  it('walks objects and lists, reads nested paths (flat keys first), keeps literals and {literal} escapes', async () => {
    const skill = defineSkill({
      id: 'demo.mapping',
      inputs: { doc: { type: 'object', required: true }, missing: { type: 'string' } },
      steps: [
        {
          id: 'seed',
          uses: 'text.echo',
          input: { value: { 'a.b': 'flat', a: { b: 'nested', c: 'deep' }, list: [{ id: 'first' }] } },
          output: { value: 'vars.seed' },
        },
        {
          id: 'read',
          uses: 'text.echo',
          input: {
            value: {
              flat: 'vars.seed.a.b',
              nested: 'vars.seed.a.c',
              indexed: 'vars.seed.list.0.id',
              input: 'inputs.doc.title',
              absent: 'inputs.missing',
              absentDeep: 'inputs.doc.nothing.here',
              escaped: { literal: 'vars.seed' },
              escapedObject: { literal: { keep: 'inputs.doc' } },
              prose: 'Summarise it. Be brief.',
              list: ['inputs.doc.title', 3, true, null, { inner: 'vars.seed.a.c' }],
            },
          },
          output: { value: 'outputs.read' },
        },
      ],
    });
    const { engine } = createTestEngine({ skills: [skill] });
    const result = await engine.runSkill('demo.mapping', { doc: { title: 'T' } });
    expect(result.outputs['read']).toEqual({
      flat: 'flat',
      nested: 'deep',
      indexed: 'first',
      input: 'T',
      absent: null,
      absentDeep: null,
      escaped: 'vars.seed',
      escapedObject: { keep: 'inputs.doc' },
      prose: 'Summarise it. Be brief.',
      list: ['T', 3, true, null, { inner: 'deep' }],
    });
  });

  it('gives every invocation its own input object, with literals that cannot be changed', async () => {
    const skill = defineSkill({
      id: 'demo.literal-safety',
      steps: [
        { id: 'one', uses: 'mutate.input', input: { config: { level: 1 } }, output: { level: 'vars.one' } },
        { id: 'two', uses: 'mutate.input', input: { config: { level: 1 } }, output: { level: 'outputs.level' }, depends_on: ['one'] },
      ],
    });
    const { engine } = createTestEngine({
      skills: [skill],
      capabilities: [
        {
          definition: defineCapability({ id: 'mutate.input' }),
          fn: (input) => {
            const config = input['config'] as { level: number };
            const level = config.level;
            try {
              config.level = 99;
            } catch {
              // Frozen literal: the assignment throws in strict mode, which is the point.
            }
            input['added'] = true;
            return { level };
          },
        },
      ],
    });
    const result = await engine.runSkill('demo.literal-safety', {});
    expect(result.outputs).toEqual({ level: 1 });
  });
});
