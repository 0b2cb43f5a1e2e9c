import { describe, expect, it } from '@jest/globals';
import { SkillExecutionError } from '../skill-execution-error.js';
import { defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf, runFailureOf } from '../testing/test-engine.js';

const healthy = defineSkill({
  id: 'demo.healthy',
  inputs: { text: { type: 'string', required: true } },
  steps: [
    { id: 'wait', uses: 'wait.delay', input: { ms: 30, value: 'inputs.text' }, output: { value: 'vars.text' } },
    { id: 'upper', uses: 'text.upper', input: { text: 'vars.text' }, output: { text: 'outputs.text' } },
  ],
});

/** A one-step skill around a broken capability, with a dependant that must never start. */
const brokenSkill = (capability: string) =>
  defineSkill({
    id: `broken.${capability}`,
    steps: [
      { id: 'call', uses: capability, output: {}, timeout_seconds: 0.05 },
      { id: 'after', uses: 'text.echo', depends_on: ['call'] },
    ],
  });

const BAD_CAPABILITIES: [string, string, number, RegExp][] = [
  ['fail.plain', 'upstream_failure', 502, /^Capability 'fail.plain' failed: the provider raised an unexpected error$/],
  ['wait.abortable', 'step_timeout', 504, /did not finish within 0.05 s/],
  ['wait.ignoring', 'step_timeout', 504, /did not finish within 0.05 s/],
  ['bad.shape', 'upstream_failure', 502, /provider returned no value for required output 'text'/],
  ['bad.string', 'upstream_failure', 502, /provider returned a string, not an object/],
  ['bad.array', 'upstream_failure', 502, /provider returned a list, not an object/],
  ['bad.undefined', 'upstream_failure', 502, /provider returned nothing \(undefined\)/],
  ['bad.cyclic', 'upstream_failure', 502, /provider returned a cyclic structure at 'data.self'/],
  ['bad.huge', 'upstream_failure', 502, /provider returned an output larger than 10485760 bytes/],
  ['bad.nan', 'upstream_failure', 502, /non-finite number/],
  ['bad.instance', 'upstream_failure', 502, /class instance \(Date\)/],
];

describe('a failing capability fails its step, the run reports it, other runs are unaffected', () => {
  it.each(BAD_CAPABILITIES)('%s → %s %d', async (capability, code, status, message) => {
    const { engine, invoker } = createTestEngine({ skills: [healthy, brokenSkill(capability)] });
    const events: { type: string; step_id: string | null; data: unknown }[] = [];
    const started = performance.now();
    const [broken, ok] = await Promise.allSettled([
      engine.runSkill(`broken.${capability}`, {}, { onEvent: (event) => events.push(event) }),
      engine.runSkill('demo.healthy', { text: 'still fine' }),
    ]);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(ok).toEqual({ status: 'fulfilled', value: expect.objectContaining({ outputs: { text: 'STILL FINE' } }) });

    expect(broken.status).toBe('rejected');
    const error = (broken as PromiseRejectedResult).reason as SkillExecutionError;
    expect(error).toBeInstanceOf(SkillExecutionError);
    expect(error).toMatchObject({ code, status, stepId: 'call', skillId: `broken.${capability}` });
    expect(error.message).toMatch(/^Step 'call' failed: /);
    expect(error.rootCause.message).toMatch(message);
    expect(error.events.map((event) => [event.type, event.step_id])).toEqual([
      ['skill_start', null],
      ['step_start', 'call'],
      ['step_failed', 'call'],
    ]);
    expect(events).toEqual(error.events);
    expect(events[2]?.data).toEqual({ error: { code, message: error.rootCause.message } });
    expect(invoker.callsOf('text.echo')).toEqual([]);
    // Stragglers (the provider that ignores its signal, late rejections) must stay silent: Jest
    // fails a test on any unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

  it('keeps the original provider error as the cause, never in the message', async () => {
    const { engine } = createTestEngine({ skills: [brokenSkill('fail.plain')] });
    const error = await runFailureOf(engine.runSkill('broken.fail.plain', {}));
    expect(error.message).not.toContain('/srv/provider');
    expect((error.rootCause.cause as Error).message).toBe('ENOENT: open /srv/provider/secret.key');
  });
});

describe('root cause codes', () => {
  it.each([
    ['conformance_unmet', 412],
    ['upstream_timeout', 504],
    ['forbidden', 403],
  ])('passes a provider ServiceError code through: %s', async (code, status) => {
    const skill = defineSkill({
      id: 'demo.coded',
      steps: [{ id: 'provider', uses: 'fail.coded', input: { code } }],
    });
    const { engine } = createTestEngine({ skills: [skill] });
    const error = await failureOf(engine.runSkill('demo.coded', {}, { requiredConformanceProfile: 'strict' }));
    expect(error).toMatchObject({ code, status, stepId: 'provider', message: `Step 'provider' failed: provider says ${code}` });
  });

  it('reports an output mapping of a field the capability did not produce as 409', async () => {
    const skill = defineSkill({
      id: 'demo.unproduced',
      steps: [{ id: 'upper', uses: 'text.upper', input: { text: 'a' }, output: { summary: 'outputs.summary' } }],
    });
    const { engine } = createTestEngine({ skills: [skill] });
    const error = await failureOf(engine.runSkill('demo.unproduced', {}));
    expect(error).toMatchObject({ code: 'invalid_configuration', status: 409, stepId: 'upper' });
    expect(error.message).toBe("Step 'upper' failed: Output mapping of step 'upper' reads 'summary', which 'text.upper' did not produce");
  });

  it('reports a missing required skill output as 409 with no failed step', async () => {
    const skill = defineSkill({
      id: 'demo.no-output',
      outputs: { result: { type: 'string', required: true }, other: { type: 'string', required: true } },
      steps: [{ id: 'upper', uses: 'text.upper', input: { text: 'a' }, output: { text: 'vars.unused' } }],
    });
    const { engine } = createTestEngine({ skills: [skill] });
    const error = await runFailureOf(engine.runSkill('demo.no-output', {}));
    expect(error).toMatchObject({ code: 'invalid_configuration', stepId: null });
    expect(error.message).toBe("Skill 'demo.no-output' finished without required outputs 'result', 'other'");
    expect(error.events.map((event) => event.type)).toEqual(['skill_start', 'step_start', 'step_completed']);
  });
});

describe('engine faults', () => {
  it('reports an unexpected fault inside a step as 500 internal_error, keeping it as the cause', async () => {
    const skill = defineSkill({ id: 'demo.fault', steps: [{ id: 'flaky', uses: 'fail.plain', retry: { max_attempts: 2 } }] });
    const broken = new TypeError('sleep is broken');
    const { engine } = createTestEngine({
      skills: [skill],
      sleep: () => Promise.reject(broken),
    });
    const error = await runFailureOf(engine.runSkill('demo.fault', {}));
    expect(error).toMatchObject({ code: 'internal_error', status: 500, stepId: 'flaky' });
    expect(error.message).toBe("Step 'flaky' failed: Internal error while executing the step");
    expect(error.rootCause.cause).toBe(broken);
  });
});

describe('after a failure', () => {
  it('stops scheduling, aborts in-flight invocations and drops their later events', async () => {
    const skill = defineSkill({
      id: 'demo.abort-siblings',
      steps: [
        { id: 'slow', uses: 'wait.abortable' },
        { id: 'ignoring', uses: 'wait.ignoring' },
        { id: 'boom', uses: 'fail.plain', depends_on: [] },
        { id: 'later', uses: 'text.echo', depends_on: ['boom'] },
      ],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill] });
    const signals: AbortSignal[] = [];
    invoker.define('wait.abortable', async (_input, invocation) => {
      signals.push(invocation.signal);
      await new Promise((_resolve, reject) => invocation.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    });
    const events: { type: string; step_id: string | null }[] = [];
    const error = await failureOf(engine.runSkill('demo.abort-siblings', {}, { onEvent: (event) => events.push(event) }));
    expect(error).toMatchObject({ code: 'upstream_failure', stepId: 'boom' });
    expect(signals[0]?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events.map((event) => [event.type, event.step_id])).toEqual([
      ['skill_start', null],
      ['step_start', 'slow'],
      ['step_start', 'ignoring'],
      ['step_start', 'boom'],
      ['step_failed', 'boom'],
    ]);
    expect(invoker.callsOf('text.echo')).toEqual([]);
  });
});
