import { describe, expect, it } from '@jest/globals';
import { defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf } from '../testing/test-engine.js';

describe('output writes in a run', () => {
  it('fails the second of two steps writing one target (409), unless the writers are exclusive branches', async () => {
    const skill = defineSkill({
      id: 'demo.write-twice',
      inputs: { mode: { type: 'string', required: true } },
      steps: [
        { id: 'first', uses: 'text.upper', condition: "inputs.mode != 'b'", input: { text: 'a' }, output: { text: 'outputs.answer' } },
        { id: 'second', uses: 'text.upper', condition: "inputs.mode != 'a'", input: { text: 'b' }, output: { text: 'outputs.answer' } },
      ],
    });
    const { engine } = createTestEngine({ skills: [skill], maxConcurrentSteps: 1 });
    await expect(engine.runSkill('demo.write-twice', { mode: 'a' })).resolves.toMatchObject({ outputs: { answer: 'A' } });
    await expect(engine.runSkill('demo.write-twice', { mode: 'b' })).resolves.toMatchObject({ outputs: { answer: 'B' } });
    const error = await failureOf(engine.runSkill('demo.write-twice', { mode: 'both' }));
    expect(error).toMatchObject({ code: 'invalid_configuration', status: 409, stepId: 'second' });
  });

  it('writes with the step’s merge strategy and maps nested produced paths', async () => {
    const skill = defineSkill({
      id: 'demo.merge',
      steps: [
        { id: 'a', uses: 'list.split', input: { text: 'x,y' }, output: { items: 'outputs.all' }, merge_strategy: 'append' },
        { id: 'pick', uses: 'list.split', input: { text: 'x,y' }, output: { 'items.0': 'outputs.first', 'items.1': 'vars.pair.second' } },
        { id: 'b', uses: 'list.split', input: { text: 'z' }, output: { items: 'outputs.all' }, merge_strategy: 'append', depends_on: ['a'] },
        { id: 'c', uses: 'text.echo', input: { value: { k: { x: 1 } } }, output: { value: 'vars.doc' }, merge_strategy: 'deep_merge' },
        { id: 'd', uses: 'text.echo', input: { value: { k: { y: 2 } } }, output: { value: 'vars.doc' }, merge_strategy: 'deep_merge', depends_on: ['c'] },
        { id: 'e', uses: 'text.echo', input: { value: ['vars.doc', 'vars.pair.second', 'vars.pair'] }, output: { value: 'outputs.doc' } },
      ],
    });
    const { engine } = createTestEngine({ skills: [skill] });
    const result = await engine.runSkill('demo.merge', {});
    expect(result.outputs).toEqual({ all: ['x', 'y', 'z'], first: 'x', doc: [{ k: { x: 1, y: 2 } }, 'y', { second: 'y' }] });
  });
});
