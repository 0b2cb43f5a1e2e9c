import { describe, expect, it } from '@jest/globals';
import { defineCapability, defineSkill } from '../testing/define.js';
import { createTestEngine } from '../testing/test-engine.js';

describe('while', () => {
  it('re-resolves the input each iteration and stops when the condition turns false', async () => {
    const skill = defineSkill({
      id: 'demo.count-up',
      inputs: { start: { type: 'number', required: true }, limit: { type: 'number', required: true } },
      steps: [
        {
          id: 'grow',
          uses: 'acc.add',
          input: { a: 'vars.total', b: 'inputs.start' },
          output: { sum: 'vars.total' },
          while: { condition: 'vars.total < inputs.limit', max_iterations: 10 },
        },
        { id: 'report', uses: 'text.echo', input: { value: 'vars.total' }, output: { value: 'outputs.total' } },
      ],
    });
    const accumulate = defineCapability({
      id: 'acc.add',
      inputs: { a: { type: 'number', required: false }, b: { type: 'number', required: true } },
      outputs: { sum: { type: 'number', required: true } },
    });
    const { engine, invoker } = createTestEngine({
      skills: [skill],
      // The running total reads null on the first iteration (not written yet): an absent `a`.
      capabilities: [{ definition: accumulate, fn: (input) => ({ sum: Number(input['a'] ?? 0) + Number(input['b']) }) }],
    });
    const result = await engine.runSkill('demo.count-up', { start: 3, limit: 10 }, { includeTrace: true });
    expect(invoker.callsOf('acc.add').map((call) => call.input)).toEqual([{ b: 3 }, { a: 3, b: 3 }, { a: 6, b: 3 }, { a: 9, b: 3 }]);
    expect(result.outputs).toEqual({ total: 12 });
    const completed = result.events?.find((event) => event.type === 'step_completed' && event.step_id === 'grow');
    expect(completed?.data).toEqual({ while_iterations: 4, while_exhausted: false, produced_output: { sum: 12 } });
  });

  it('always runs once, and stops at max_iterations', async () => {
    const skill = defineSkill({
      id: 'demo.bounded',
      steps: [
        { id: 'once', uses: 'counter.next', output: { count: 'outputs.once' }, while: { condition: 'false' } },
        {
          id: 'forever',
          uses: 'counter.next',
          output: { count: 'outputs.last' },
          while: { condition: 'true', max_iterations: 3 },
          depends_on: ['once'],
        },
      ],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill] });
    const result = await engine.runSkill('demo.bounded', {}, { includeTrace: true });
    expect(result.outputs).toEqual({ once: 1, last: 4 });
    expect(invoker.callsOf('counter.next')).toHaveLength(4);
    const forever = result.events?.find((event) => event.type === 'step_completed' && event.step_id === 'forever');
    expect(forever?.data).toMatchObject({ while_iterations: 3, while_exhausted: true });
  });

  it('appends across iterations with merge_strategy append', async () => {
    const skill = defineSkill({
      id: 'demo.collect',
      steps: [
        {
          id: 'collect',
          uses: 'counter.next',
          output: { count: 'vars.seen' },
          merge_strategy: 'append',
          while: { condition: 'true', max_iterations: 3 },
        },
        { id: 'report', uses: 'text.echo', input: { value: 'vars.seen' }, output: { value: 'outputs.seen' } },
      ],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill] });
    invoker.define('counter.next', (() => {
      let n = 0;
      return () => ({ count: [++n] });
    })());
    await expect(engine.runSkill('demo.collect', {})).resolves.toMatchObject({ outputs: { seen: [1, 2, 3] } });
  });
});
