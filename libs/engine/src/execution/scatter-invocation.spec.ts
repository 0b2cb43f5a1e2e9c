import { describe, expect, it } from '@jest/globals';
import { defineCapability, defineSkill } from '../testing/define.js';
import { createTestEngine } from '../testing/test-engine.js';
import { delay } from '../testing/test-capabilities.js';

const listOf = (id: string, items: unknown, ms = 0) => ({
  definition: defineCapability({ id, inputs: { text: { type: 'string', required: true } }, outputs: { items: { type: 'array' } } }),
  fn: async (_input: Record<string, unknown>, invocation: { signal: AbortSignal }) => {
    await delay(ms, invocation.signal);
    return { items, source: id };
  },
});

const scatterSkill = (merge: string, capabilities: string[], output: Record<string, string>) =>
  defineSkill({
    id: `demo.scatter-${merge}`,
    inputs: { text: { type: 'string', required: true } },
    steps: [{ id: 'fan', uses: 'text.echo', input: { text: 'inputs.text' }, output, scatter: { capabilities, merge } }],
  });

describe('scatter', () => {
  const members = [listOf('list.a', ['a1', 'a2'], 15), listOf('list.b', 'b-scalar', 1), listOf('list.c', ['c1'])];

  it('collect: gives every member the same input, keyed by capability id (dotted keys stay mappable)', async () => {
    const skill = scatterSkill('collect', ['list.a', 'list.b', 'text.upper'], {
      'list.a.items': 'outputs.a_items',
      'text.upper.text': 'outputs.upper',
      'list.b': 'outputs.b',
    });
    const { engine, invoker } = createTestEngine({ skills: [skill], capabilities: members });
    const result = await engine.runSkill('demo.scatter-collect', { text: 'hi' }, { includeTrace: true });
    expect(result.outputs).toEqual({ a_items: ['a1', 'a2'], upper: 'HI', b: { items: 'b-scalar', source: 'list.b' } });
    expect(invoker.calls.map((call) => call.input)).toEqual([{ text: 'hi' }, { text: 'hi' }, { text: 'hi' }]);
    const completed = result.events?.find((event) => event.type === 'step_completed');
    expect(completed?.data).toMatchObject({ scatter_strategy: 'collect', scatter_succeeded: ['list.a', 'list.b', 'text.upper'], scatter_failed: [] });
  });

  it('collect: leaves failed members out and reports them', async () => {
    const skill = scatterSkill('collect', ['list.a', 'fail.plain'], { 'list.a.items': 'outputs.items' });
    const { engine } = createTestEngine({ skills: [skill], capabilities: members });
    const result = await engine.runSkill('demo.scatter-collect', { text: 'hi' }, { includeTrace: true });
    expect(result.outputs).toEqual({ items: ['a1', 'a2'] });
    const completed = result.events?.find((event) => event.type === 'step_completed');
    expect(completed?.data).toMatchObject({
      scatter_succeeded: ['list.a'],
      scatter_failed: [{ capability_id: 'fail.plain', error: { code: 'upstream_failure', message: expect.any(String) } }],
    });
  });

  it('concat_lists: concatenates lists per key in member order and wraps scalars', async () => {
    const skill = scatterSkill('concat_lists', ['list.a', 'list.b', 'list.c'], { items: 'outputs.items', source: 'outputs.sources' });
    const { engine } = createTestEngine({ skills: [skill], capabilities: members });
    const result = await engine.runSkill('demo.scatter-concat_lists', { text: 'hi' });
    expect(result.outputs).toEqual({ items: ['a1', 'a2', 'b-scalar', 'c1'], sources: ['list.a', 'list.b', 'list.c'] });
  });

  it('first_success: the first member in list order that succeeded, not the fastest', async () => {
    const skill = scatterSkill('first_success', ['fail.plain', 'list.a', 'list.c'], { source: 'outputs.source' });
    const { engine } = createTestEngine({ skills: [skill], capabilities: members });
    const result = await engine.runSkill('demo.scatter-first_success', { text: 'hi' });
    expect(result.outputs).toEqual({ source: 'list.a' });
  });

  it('first_success: aborts the members it no longer needs', async () => {
    const skill = scatterSkill('first_success', ['list.c', 'wait.abortable'], { source: 'outputs.source' });
    const { engine, invoker } = createTestEngine({ skills: [skill], capabilities: members });
    const signals: AbortSignal[] = [];
    invoker.define('wait.abortable', async (_input, invocation) => {
      signals.push(invocation.signal);
      await delay(60_000, invocation.signal);
      return {};
    });
    await expect(engine.runSkill('demo.scatter-first_success', { text: 'hi' })).resolves.toMatchObject({ outputs: { source: 'list.c' } });
    expect(signals[0]?.aborted).toBe(true);
  });

  it('fails with the first member’s error when no member succeeds', async () => {
    const skill = defineSkill({
      id: 'demo.scatter-none',
      steps: [{ id: 'fan', uses: 'text.echo', input: { code: 'upstream_timeout' }, scatter: { capabilities: ['fail.plain', 'fail.coded'] } }],
    });
    const reversed = defineSkill({ ...skill, id: 'demo.scatter-none-reversed', steps: [{ ...skill.steps[0], scatter: { capabilities: ['fail.coded', 'fail.plain'], merge: 'collect' } }] });
    const { engine } = createTestEngine({ skills: [skill, reversed] });
    await expect(engine.runSkill('demo.scatter-none', {})).rejects.toMatchObject({ code: 'upstream_failure', stepId: 'fan' });
    await expect(engine.runSkill('demo.scatter-none-reversed', {})).rejects.toMatchObject({ code: 'upstream_timeout', status: 504 });
  });

  it('retries and times out each member on its own', async () => {
    const skill = defineSkill({
      id: 'demo.scatter-retry',
      steps: [
        {
          id: 'fan',
          uses: 'text.echo',
          input: { succeed_on: 2 },
          output: { 'flaky.until.attempt': 'outputs.attempt' },
          scatter: { capabilities: ['flaky.until', 'wait.ignoring'] },
          retry: { max_attempts: 2 },
          timeout_seconds: 0.02,
        },
      ],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill] });
    const result = await engine.runSkill('demo.scatter-retry', {});
    expect(result.outputs).toEqual({ attempt: 2 });
    expect(invoker.callsOf('flaky.until')).toHaveLength(2);
    expect(invoker.callsOf('wait.ignoring')).toHaveLength(2);
  });
});
