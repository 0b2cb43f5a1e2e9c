import { describe, expect, it } from '@jest/globals';
import { StreamEvent, type StreamEvent as StreamEventType } from '@skill-service/contracts';
import { SkillExecutionError } from '../skill-execution-error.js';
import { defineSkill } from '../testing/define.js';
import { createTestEngine, runFailureOf } from '../testing/test-engine.js';

const mixed = defineSkill({
  id: 'demo.events',
  inputs: { text: { type: 'string', required: true }, fail: { type: 'boolean', default: false } },
  steps: [
    { id: 'upper', uses: 'text.upper', input: { text: 'inputs.text' }, output: { text: 'vars.upper' } },
    { id: 'skip', uses: 'text.echo', condition: 'false' },
    { id: 'show', uses: 'text.echo', input: { value: 'vars.upper' }, output: { value: 'outputs.shown' } },
    { id: 'maybe', uses: 'fail.plain', condition: 'inputs.fail', depends_on: ['show'] },
  ],
});

/** Every step_start is followed by exactly one terminal event for that step. */
function expectFramedSteps(events: readonly StreamEventType[]): void {
  const open = new Map<string, number>();
  for (const event of events) {
    if (event.step_id === null) continue;
    if (event.type === 'step_start') {
      expect(open.has(event.step_id)).toBe(false);
      open.set(event.step_id, 1);
    } else if (['step_completed', 'step_skipped', 'step_degraded', 'step_failed'].includes(event.type)) {
      expect(open.delete(event.step_id)).toBe(true);
    }
  }
  expect([...open.keys()]).toEqual([]);
}

describe('events', () => {
  it('delivers every event live, in order, in the contract’s shape, and the same list with includeTrace', async () => {
    const { engine } = createTestEngine({ skills: [mixed], maxConcurrentSteps: 1 });
    const live: StreamEventType[] = [];
    const result = await engine.runSkill('demo.events', { text: 'hi' }, { traceId: 'trace-e', includeTrace: true, onEvent: (event) => live.push(event) });
    expect(result.events).toEqual(live);
    expect(live.map((event) => [event.type, event.step_id])).toEqual([
      ['skill_start', null],
      ['step_start', 'upper'],
      ['step_completed', 'upper'],
      ['step_start', 'skip'],
      ['step_skipped', 'skip'],
      ['step_start', 'show'],
      ['step_completed', 'show'],
      ['step_start', 'maybe'],
      ['step_skipped', 'maybe'],
      ['skill_completed', null],
    ]);
    for (const event of live) {
      expect(StreamEvent.parse(event)).toEqual(event);
      expect(event.trace_id).toBe('trace-e');
      expect(event.timestamp).toBe('2026-01-02T03:04:05.678Z');
    }
    expect(live[0]).toEqual({
      type: 'skill_start',
      message: "Skill 'demo.events' started",
      timestamp: '2026-01-02T03:04:05.678Z',
      step_id: null,
      trace_id: 'trace-e',
      data: { skill_id: 'demo.events' },
    });
    expect(live[2]?.data).toEqual({ produced_output: { text: 'HI' } });
    expectFramedSteps(live);
  });

  it('omits events from the result without includeTrace, and carries them on a failure', async () => {
    const { engine } = createTestEngine({ skills: [mixed] });
    const result = await engine.runSkill('demo.events', { text: 'hi' });
    expect(result).not.toHaveProperty('events');
    const error = await runFailureOf(engine.runSkill('demo.events', { text: 'hi', fail: true }));
    expect(error).toBeInstanceOf(SkillExecutionError);
    expect(error.events.at(-1)).toMatchObject({
      type: 'step_failed',
      step_id: 'maybe',
      data: { error: { code: 'upstream_failure', message: "Capability 'fail.plain' failed: the provider raised an unexpected error" } },
    });
    expect(error.events.some((event) => event.type === 'skill_completed')).toBe(false);
    expectFramedSteps(error.events);
  });

  it('ignores a subscriber that throws or rejects', async () => {
    const { engine } = createTestEngine({ skills: [mixed] });
    let calls = 0;
    await expect(
      engine.runSkill('demo.events', { text: 'hi' }, {
        onEvent: () => {
          calls++;
          throw new Error('listener bug');
        },
      }),
    ).resolves.toMatchObject({ outputs: { shown: 'HI' } });
    await expect(
      engine.runSkill('demo.events', { text: 'hi' }, { onEvent: (async () => Promise.reject(new Error('async listener bug'))) as () => void }),
    ).resolves.toMatchObject({ outputs: { shown: 'HI' } });
    expect(calls).toBe(10);
  });

  it('generates a UUID trace id when none is given', async () => {
    const { engine, invoker } = createTestEngine({ skills: [mixed] });
    const result = await engine.runSkill('demo.events', { text: 'hi' });
    expect(result.trace_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(invoker.calls[0]?.traceId).toBe(result.trace_id);
  });
});

describe('streamSkill', () => {
  it('iterates the events of a run and ends once it settles; the result resolves', async () => {
    const { engine } = createTestEngine({ skills: [mixed] });
    const seenByCallback: string[] = [];
    const stream = engine.streamSkill('demo.events', { text: 'hi' }, { onEvent: (event) => seenByCallback.push(event.type) });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types[0]).toBe('skill_start');
    expect(types.at(-1)).toBe('skill_completed');
    expect(types).toEqual(seenByCallback);
    await expect(stream.result).resolves.toMatchObject({ outputs: { shown: 'HI' } });
    // A late iterator replays everything.
    const again: string[] = [];
    for await (const event of stream) again.push(event.type);
    expect(again).toEqual(types);
  });

  it('ends the iteration on failure, and the result rejects (unobserved, it is not an unhandled rejection)', async () => {
    const { engine } = createTestEngine({ skills: [mixed] });
    const stream = engine.streamSkill('demo.events', { text: 'hi', fail: true });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types.at(-1)).toBe('step_failed');
    await expect(stream.result).rejects.toBeInstanceOf(SkillExecutionError);

    const unread = engine.streamSkill('no.such.skill', {});
    const none: unknown[] = [];
    for await (const event of unread) none.push(event);
    expect(none).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
  });

  it('stops reading when the consumer breaks, without cancelling the run', async () => {
    const { engine } = createTestEngine({ skills: [mixed] });
    const stream = engine.streamSkill('demo.events', { text: 'hi' });
    for await (const event of stream) {
      expect(event.type).toBe('skill_start');
      break;
    }
    await expect(stream.result).resolves.toMatchObject({ outputs: { shown: 'HI' } });
  });
});
