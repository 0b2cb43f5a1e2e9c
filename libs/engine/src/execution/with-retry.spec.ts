import { describe, expect, it } from '@jest/globals';
import { defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf } from '../testing/test-engine.js';

const flaky = (succeedOn: number, retry?: Record<string, number>) =>
  defineSkill({
    id: 'demo.flaky',
    steps: [{ id: 'call', uses: 'flaky.until', input: { succeed_on: succeedOn }, output: { attempt: 'outputs.attempt' }, retry }],
  });

describe('retry', () => {
  it('re-runs a failed invocation with exponential back-off until it succeeds', async () => {
    const { engine, invoker, sleeps } = createTestEngine({
      skills: [flaky(3, { max_attempts: 4, backoff_seconds: 0.5, backoff_multiplier: 3 })],
    });
    const result = await engine.runSkill('demo.flaky', {});
    expect(result.outputs).toEqual({ attempt: 3 });
    expect(invoker.calls).toHaveLength(3);
    expect(sleeps).toEqual([500, 1500]);
  });

  it('gives up after max_attempts with the last error; without a policy there is one attempt', async () => {
    const { engine, invoker, sleeps } = createTestEngine({ skills: [flaky(10, { max_attempts: 3 })] });
    const error = await failureOf(engine.runSkill('demo.flaky', {}));
    expect(error).toMatchObject({ code: 'upstream_failure' });
    expect(invoker.calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 2000]);

    const single = createTestEngine({ skills: [flaky(2)] });
    await failureOf(single.engine.runSkill('demo.flaky', {}));
    expect(single.invoker.calls).toHaveLength(1);
  });

  it.each(['invalid_request', 'invalid_configuration', 'safety_denied', 'confirmation_required', 'conformance_unmet', 'max_depth_exceeded'])(
    'does not retry %s',
    async (code) => {
      const skill = defineSkill({
        id: 'demo.final',
        steps: [{ id: 'call', uses: 'fail.coded', input: { code }, retry: { max_attempts: 3 } }],
      });
      const { engine, invoker } = createTestEngine({ skills: [skill] });
      const error = await failureOf(engine.runSkill('demo.final', {}));
      expect(error).toMatchObject({ code });
      expect(invoker.calls).toHaveLength(1);
    },
  );

  it('retries errors that may change, timeouts included', async () => {
    const skill = defineSkill({
      id: 'demo.transient',
      steps: [
        { id: 'coded', uses: 'fail.coded', input: { code: 'upstream_timeout' }, retry: { max_attempts: 2 } },
        { id: 'slow', uses: 'wait.abortable', timeout_seconds: 0.01, retry: { max_attempts: 2 }, depends_on: ['coded'] },
      ],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill] });
    await failureOf(engine.runSkill('demo.transient', {}));
    expect(invoker.callsOf('fail.coded')).toHaveLength(2);

    const timeoutOnly = defineSkill({ id: 'demo.timeout-retry', steps: [{ ...skill.steps[1], depends_on: [] }] });
    const second = createTestEngine({ skills: [timeoutOnly] });
    const error = await failureOf(second.engine.runSkill('demo.timeout-retry', {}));
    expect(error).toMatchObject({ code: 'step_timeout', status: 504 });
    expect(second.invoker.callsOf('wait.abortable')).toHaveLength(2);
  });
});

describe('timeouts', () => {
  it('gives each invocation the step’s timeout_seconds, else the engine default', async () => {
    const skill = defineSkill({
      id: 'demo.budgets',
      steps: [
        { id: 'own', uses: 'text.echo', timeout_seconds: 2.5 },
        { id: 'default', uses: 'text.echo' },
      ],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill], defaultStepTimeoutSeconds: 7 });
    await engine.runSkill('demo.budgets', {});
    expect(invoker.calls.map((call) => [call.stepId, call.timeoutMs])).toEqual([
      ['own', 2500],
      ['default', 7000],
    ]);
  });
});
