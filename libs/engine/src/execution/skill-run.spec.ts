import { describe, expect, it } from '@jest/globals';
import { defineCapability, defineSkill } from '../testing/define.js';
import { createTestEngine } from '../testing/test-engine.js';

interface Pending {
  readonly stepId: string;
  readonly release: (output: Record<string, unknown>) => void;
}

/** A capability whose calls wait until the test releases them, recording how many run at once. */
function latchCapability() {
  const pending: Pending[] = [];
  let active = 0;
  let maxActive = 0;
  const definition = defineCapability({ id: 'latch.wait', inputs: { value: { type: 'any' } }, outputs: { value: { type: 'any' } } });
  const fn = (input: Record<string, unknown>, invocation: { stepId?: string }) =>
    new Promise<Record<string, unknown>>((resolve) => {
      active++;
      maxActive = Math.max(maxActive, active);
      pending.push({
        stepId: invocation.stepId ?? '?',
        release: (output) => {
          active--;
          resolve(output);
        },
      });
    }).then((output) => ({ value: input['value'] ?? null, ...output }));
  return { capability: { definition, fn }, pending, maxActive: () => maxActive };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function releaseAll(pending: Pending[], order: (ids: string[]) => string[] = (ids) => ids): Promise<string[]> {
  const released: string[] = [];
  for (;;) {
    await settle();
    if (pending.length === 0) return released;
    const ids = order(pending.map((entry) => entry.stepId));
    const [first] = ids;
    const index = pending.findIndex((entry) => entry.stepId === first);
    const [entry] = pending.splice(index, 1);
    released.push(entry?.stepId ?? '?');
    entry?.release({});
  }
}

describe('scheduling', () => {
  it('runs independent steps concurrently, at most maxConcurrentSteps at a time', async () => {
    const latch = latchCapability();
    const skill = defineSkill({
      id: 'demo.fan',
      steps: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, uses: 'latch.wait', input: { value: id }, output: { value: `outputs.${id}` } })),
    });
    const { engine } = createTestEngine({ skills: [skill], capabilities: [latch.capability], maxConcurrentSteps: 2 });
    const run = engine.runSkill('demo.fan', {});
    await settle();
    expect(latch.pending.map((entry) => entry.stepId)).toEqual(['a', 'b']);
    await releaseAll(latch.pending);
    const result = await run;
    expect(result.outputs).toEqual({ a: 'a', b: 'b', c: 'c', d: 'd', e: 'e' });
    expect(latch.maxActive()).toBe(2);
  });

  it('starts every independent step at once with the default bound', async () => {
    const latch = latchCapability();
    const skill = defineSkill({
      id: 'demo.wide',
      steps: ['a', 'b', 'c'].map((id) => ({ id, uses: 'latch.wait', input: { value: id } })),
    });
    const { engine } = createTestEngine({ skills: [skill], capabilities: [latch.capability] });
    const run = engine.runSkill('demo.wide', {});
    await settle();
    expect(latch.pending).toHaveLength(3);
    await releaseAll(latch.pending);
    await run;
  });

  it('starts a step only after all its dependencies (explicit and data) settled, each exactly once', async () => {
    const latch = latchCapability();
    // A diamond: top → left, right → bottom, plus an explicit edge right → tail.
    const skill = defineSkill({
      id: 'demo.diamond',
      steps: [
        { id: 'bottom', uses: 'latch.wait', input: { value: ['vars.left', 'vars.right'] }, output: { value: 'outputs.bottom' } },
        { id: 'left', uses: 'latch.wait', input: { value: 'vars.top' }, output: { value: 'vars.left' } },
        { id: 'top', uses: 'latch.wait', input: { value: 'top' }, output: { value: 'vars.top' } },
        { id: 'right', uses: 'latch.wait', input: { value: 'vars.top' }, output: { value: 'vars.right' } },
        { id: 'tail', uses: 'latch.wait', input: { value: 'tail' }, depends_on: ['right'] },
      ],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill], capabilities: [latch.capability] });
    const run = engine.runSkill('demo.diamond', {});
    // Release the last-started step first, to shake out any ordering assumption.
    const released = await releaseAll(latch.pending, (ids) => [...ids].reverse());
    const result = await run;
    expect(result.outputs).toEqual({ bottom: ['top', 'top'] });
    expect(released[0]).toBe('top');
    expect(released.indexOf('bottom')).toBeGreaterThan(Math.max(released.indexOf('left'), released.indexOf('right')));
    expect(released.indexOf('tail')).toBeGreaterThan(released.indexOf('right'));
    expect(invoker.calls.map((call) => call.stepId).sort()).toEqual(['bottom', 'left', 'right', 'tail', 'top']);
  });

  it('starts ready steps in declaration order', async () => {
    const skill = defineSkill({
      id: 'demo.order',
      steps: ['z', 'y', 'x', 'w'].map((id) => ({ id, uses: 'text.echo', input: { value: id } })),
    });
    const { engine, invoker } = createTestEngine({ skills: [skill], maxConcurrentSteps: 1 });
    await engine.runSkill('demo.order', {});
    expect(invoker.calls.map((call) => call.stepId)).toEqual(['z', 'y', 'x', 'w']);
  });
});
