import { describe, expect, it } from '@jest/globals';
import { defineCapability, defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf } from '../testing/test-engine.js';

const perWord = defineSkill({
  id: 'demo.per-word',
  inputs: { text: { type: 'string', required: true }, suffix: { type: 'string', default: '!' } },
  steps: [
    { id: 'split', uses: 'list.split', input: { text: 'inputs.text', separator: ' ' }, output: { items: 'vars.words' } },
    {
      id: 'shout',
      uses: 'text.concat',
      input: { a: 'vars.word', b: 'inputs.suffix' },
      output: { text: 'outputs.shouted' },
      foreach: { items: 'vars.words', as: 'word', index_as: 'position' },
    },
    {
      id: 'number',
      uses: 'text.echo',
      input: { value: { word: 'vars.item', index: 'vars.i' } },
      output: { value: 'outputs.numbered' },
      foreach: { items: "['x', 'y']", index_as: 'i' },
    },
  ],
});

describe('foreach', () => {
  it('resolves the input per item with the loop variables visible as vars, and lists each produced key', async () => {
    const { engine, invoker } = createTestEngine({ skills: [perWord] });
    const result = await engine.runSkill('demo.per-word', { text: 'a b c' }, { includeTrace: true });
    expect(invoker.callsOf('text.concat').map((call) => call.input)).toEqual([
      { a: 'a', b: '!' },
      { a: 'b', b: '!' },
      { a: 'c', b: '!' },
    ]);
    expect(result.outputs).toEqual({
      shouted: ['a!', 'b!', 'c!'],
      numbered: [
        { word: 'x', index: 0 },
        { word: 'y', index: 1 },
      ],
    });
    const completed = result.events?.find((event) => event.type === 'step_completed' && event.step_id === 'shout');
    expect(completed?.data).toEqual({ foreach_count: 3, produced_output: { text: ['a!', 'b!', 'c!'] } });
  });

  it('produces an empty list for every declared output when there are no items', async () => {
    const skill = defineSkill({
      id: 'demo.none',
      steps: [
        {
          id: 'each',
          uses: 'text.concat',
          input: { a: 'vars.item', b: 'x' },
          output: { text: 'outputs.texts' },
          foreach: { items: '[]' },
        },
      ],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill] });
    await expect(engine.runSkill('demo.none', {})).resolves.toMatchObject({ outputs: { texts: [] } });
    expect(invoker.calls).toEqual([]);
  });

  it('fills null where an item did not produce a key', async () => {
    const vary = defineCapability({ id: 'shape.vary', inputs: { n: { type: 'integer', required: true } } });
    const skill = defineSkill({
      id: 'demo.vary',
      steps: [{ id: 'each', uses: 'shape.vary', input: { n: 'vars.item' }, output: { odd: 'outputs.odd' }, foreach: { items: '[1, 2]' } }],
    });
    const { engine } = createTestEngine({
      skills: [skill],
      capabilities: [{ definition: vary, fn: (input) => (Number(input['n']) % 2 === 1 ? { odd: input['n'] } : { even: input['n'] }) }],
    });
    await expect(engine.runSkill('demo.vary', {})).resolves.toMatchObject({ outputs: { odd: [1, null] } });
  });

  it('fails with 400 when items is not a list', async () => {
    const skill = defineSkill({
      id: 'demo.not-a-list',
      inputs: { items: { type: 'any' } },
      steps: [{ id: 'each', uses: 'text.echo', input: { value: 'vars.item' }, foreach: { items: 'inputs.items' } }],
    });
    const { engine } = createTestEngine({ skills: [skill] });
    const error = await failureOf(engine.runSkill('demo.not-a-list', { items: 'abc' }));
    expect(error).toMatchObject({ code: 'invalid_request', stepId: 'each' });
    expect(error.message).toBe("Step 'each' failed: foreach.items of step 'each' must give a list, got string");
  });
});
