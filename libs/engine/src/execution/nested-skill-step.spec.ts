import { describe, expect, it } from '@jest/globals';
import { SkillExecutionError } from '../skill-execution-error.js';
import { defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf, runFailureOf } from '../testing/test-engine.js';

const inner = defineSkill({
  id: 'demo.inner',
  inputs: { text: { type: 'string', required: true } },
  outputs: { shout: { type: 'string', required: true } },
  steps: [
    { id: 'clean', uses: 'text.echo', input: { value: 'inputs.text' }, output: { value: 'vars.clean' } },
    { id: 'upper', uses: 'text.upper', input: { text: 'vars.clean' }, output: { text: 'outputs.shout' } },
  ],
});
const middle = defineSkill({
  id: 'demo.middle',
  inputs: { text: { type: 'string', required: true } },
  steps: [{ id: 'deeper', uses: 'skill:demo.inner', input: { text: 'inputs.text' }, output: { shout: 'outputs.shout' } }],
});
const outer = defineSkill({
  id: 'demo.outer',
  inputs: { text: { type: 'string', required: true } },
  steps: [
    { id: 'call', uses: 'skill:demo.middle', input: { text: 'inputs.text' }, output: { shout: 'vars.shout' } },
    { id: 'finish', uses: 'text.echo', input: { value: 'vars.shout' }, output: { value: 'outputs.result' } },
  ],
});

describe('nested skills', () => {
  it('runs the child with the resolved input and maps its outputs', async () => {
    const { engine, invoker } = createTestEngine({ skills: [inner, middle, outer] });
    const result = await engine.runSkill('demo.outer', { text: 'nested' }, { traceId: 'trace-n', requiredConformanceProfile: 'standard' });
    expect(result.outputs).toEqual({ result: 'NESTED' });
    expect(new Set(invoker.calls.map((call) => call.traceId))).toEqual(new Set(['trace-n']));
    expect(new Set(invoker.calls.map((call) => call.requiredConformanceProfile))).toEqual(new Set(['standard']));
  });

  it('forwards the child’s step events with prefixed step ids, framed by the parent step', async () => {
    const { engine } = createTestEngine({ skills: [inner, middle, outer] });
    const result = await engine.runSkill('demo.outer', { text: 'x' }, { includeTrace: true });
    expect(result.events?.map((event) => [event.type, event.step_id])).toEqual([
      ['skill_start', null],
      ['step_start', 'call'],
      ['step_start', 'call/deeper'],
      ['step_start', 'call/deeper/clean'],
      ['step_completed', 'call/deeper/clean'],
      ['step_start', 'call/deeper/upper'],
      ['step_completed', 'call/deeper/upper'],
      ['step_completed', 'call/deeper'],
      ['step_completed', 'call'],
      ['step_start', 'finish'],
      ['step_completed', 'finish'],
      ['skill_completed', null],
    ]);
    const call = result.events?.find((event) => event.type === 'step_completed' && event.step_id === 'call');
    expect(call?.data).toEqual({ produced_output: { shout: 'X' } });
  });

  it('keeps the root cause of a failure deep down, and names the step path', async () => {
    const failingInner = defineSkill({ ...inner, steps: [{ id: 'clean', uses: 'fail.coded', input: { code: 'conformance_unmet' } }] });
    const { engine } = createTestEngine({ skills: [failingInner, middle, outer] });
    const error = await runFailureOf(engine.runSkill('demo.outer', { text: 'x' }));
    expect(error).toBeInstanceOf(SkillExecutionError);
    expect(error).toMatchObject({ code: 'conformance_unmet', status: 412, stepId: 'call/deeper/clean' });
    expect(error.message).toBe("Step 'call/deeper/clean' failed: provider says conformance_unmet");
    expect(error.events.filter((event) => event.type === 'step_failed').map((event) => event.step_id)).toEqual([
      'call/deeper/clean',
      'call/deeper',
      'call',
    ]);
  });

  it('refuses nesting deeper than maxSkillDepth with max_depth_exceeded (400) at the top', async () => {
    const recursive = defineSkill({
      id: 'demo.recursive',
      inputs: { text: { type: 'string' } },
      steps: [{ id: 'again', uses: 'skill:demo.recursive', input: { text: 'inputs.text' }, retry: { max_attempts: 3 } }],
    });
    const { engine, sleeps } = createTestEngine({ skills: [recursive], maxSkillDepth: 2 });
    const error = await failureOf(engine.runSkill('demo.recursive', {}));
    expect(error).toMatchObject({ code: 'max_depth_exceeded', status: 400, stepId: 'again/again/again' });
    expect(error.message).toBe(
      "Step 'again/again/again' failed: Skill 'demo.recursive' would run at nesting depth 3, deeper than the limit of 2",
    );
    expect(sleeps).toEqual([]);
  });

  it('reports a missing child as 409 and a child input problem as 400 with details', async () => {
    const missing = defineSkill({ id: 'demo.missing-child', steps: [{ id: 'call', uses: 'skill:no.such.skill' }] });
    const badInput = defineSkill({ id: 'demo.bad-child-input', steps: [{ id: 'call', uses: 'skill:demo.inner', input: { text: 5 } }] });
    const { engine } = createTestEngine({ skills: [inner, missing, badInput] });
    const notFound = await failureOf(engine.runSkill('demo.missing-child', {}));
    expect(notFound).toMatchObject({ code: 'invalid_configuration', status: 409, stepId: 'call' });
    expect(notFound.message).toBe("Step 'call' failed: Step 'call' uses skill 'no.such.skill', which does not exist");
    const invalid = await failureOf(engine.runSkill('demo.bad-child-input', {}));
    expect(invalid).toMatchObject({
      code: 'invalid_request',
      stepId: 'call',
      details: [{ path: 'inputs.text', message: 'must be string, got number' }],
    });
  });

  it('keeps a child’s run-level failure and its invalid plan as they are, on the calling step', async () => {
    const noOutput = defineSkill({
      id: 'demo.no-output',
      outputs: { result: { type: 'string', required: true } },
      steps: [{ id: 'noop', uses: 'text.echo' }],
    });
    const invalid = defineSkill({ id: 'demo.invalid', steps: [{ id: 'self', uses: 'text.echo', input: { value: 'vars.x' }, output: { value: 'vars.x' } }] });
    const parent = defineSkill({
      id: 'demo.calls',
      inputs: { which: { type: 'string', required: true } },
      steps: [
        { id: 'a', uses: 'skill:demo.no-output', condition: "inputs.which == 'a'" },
        { id: 'b', uses: 'skill:demo.invalid', condition: "inputs.which == 'b'" },
      ],
    });
    const { engine } = createTestEngine({ skills: [noOutput, invalid, parent] });
    const missing = await runFailureOf(engine.runSkill('demo.calls', { which: 'a' }));
    expect(missing).toMatchObject({ code: 'invalid_configuration', stepId: 'a' });
    expect(missing.message).toBe("Step 'a' failed: Skill 'demo.no-output' finished without required output 'result'");
    const badPlan = await runFailureOf(engine.runSkill('demo.calls', { which: 'b' }));
    expect(badPlan).toMatchObject({ code: 'invalid_configuration', stepId: 'b' });
    expect(badPlan.message).toMatch(/^Step 'b' failed: Skill 'demo.invalid' has an invalid plan: /);
  });

  it('applies condition and retry to a nested step', async () => {
    const flakyChild = defineSkill({
      id: 'demo.flaky-child',
      outputs: { attempt: { type: 'integer', required: true } },
      steps: [{ id: 'try', uses: 'flaky.until', input: { succeed_on: 3 }, output: { attempt: 'outputs.attempt' } }],
    });
    const parent = defineSkill({
      id: 'demo.parent',
      inputs: { go: { type: 'boolean', required: true } },
      steps: [
        {
          id: 'call',
          uses: 'skill:demo.flaky-child',
          condition: 'inputs.go',
          retry: { max_attempts: 3, backoff_seconds: 0.1 },
          output: { attempt: 'outputs.attempt' },
        },
      ],
    });
    const { engine, invoker, sleeps } = createTestEngine({ skills: [flakyChild, parent] });
    await expect(engine.runSkill('demo.parent', { go: false })).resolves.toMatchObject({ outputs: {} });
    expect(invoker.calls).toEqual([]);
    await expect(engine.runSkill('demo.parent', { go: true })).resolves.toMatchObject({ outputs: { attempt: 3 } });
    expect(sleeps).toEqual([100, 200]);
  });
});
