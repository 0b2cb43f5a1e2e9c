import { describe, expect, it } from '@jest/globals';
import type { StreamEvent } from '@skill-service/contracts';
import { RunCancelledError } from '../errors/run-cancelled-error.js';
import { SkillExecutionError } from '../skill-execution-error.js';
import { defineSkill } from '../testing/define.js';
import { createTestEngine, failureOf, runFailureOf } from '../testing/test-engine.js';
import { abortableSleep } from '@skill-service/util';

const waiting = defineSkill({
  id: 'demo.waiting',
  steps: [
    { id: 'polite', uses: 'wait.abortable' },
    { id: 'rude', uses: 'wait.ignoring' },
    { id: 'later', uses: 'text.echo', depends_on: ['polite'] },
  ],
});
const nested = defineSkill({ id: 'demo.nested-wait', steps: [{ id: 'child', uses: 'skill:demo.waiting' }] });

const afterEvent = (type: string, events: StreamEvent[]) =>
  new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (events.some((event) => event.type === type)) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });

describe('cancellation', () => {
  it('aborts in-flight invocations and rejects promptly with 503 "Run cancelled", even if a provider ignores its signal', async () => {
    const { engine, invoker } = createTestEngine({ skills: [waiting] });
    const signals: AbortSignal[] = [];
    invoker.define('wait.abortable', async (_input, invocation) => {
      signals.push(invocation.signal);
      await abortableSleep(60_000, invocation.signal);
    });
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const run = engine.runSkill('demo.waiting', {}, { signal: controller.signal, onEvent: (event) => events.push(event) });
    await afterEvent('step_start', events);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    controller.abort();
    const error = await runFailureOf(run);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(error).toBeInstanceOf(SkillExecutionError);
    expect(error).toMatchObject({ code: 'service_unavailable', status: 503, message: 'Run cancelled', stepId: null });
    expect(signals[0]?.aborted).toBe(true);
    const seen = events.length;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toHaveLength(seen);
    expect(events.map((event) => event.type)).toEqual(['skill_start', 'step_start', 'step_start']);
    expect(invoker.callsOf('text.echo')).toEqual([]);
  });

  it('interrupts a retry back-off', async () => {
    const skill = defineSkill({
      id: 'demo.backoff',
      steps: [{ id: 'flaky', uses: 'fail.plain', retry: { max_attempts: 5, backoff_seconds: 60 } }],
    });
    const { engine, invoker } = createTestEngine({ skills: [skill], sleep: abortableSleep });
    const controller = new AbortController();
    const run = engine.runSkill('demo.backoff', {}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(run).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(invoker.calls).toHaveLength(1);
  });

  it('cancels nested runs with their parent', async () => {
    const { engine, invoker } = createTestEngine({ skills: [waiting, nested] });
    const signals: AbortSignal[] = [];
    invoker.define('wait.abortable', async (_input, invocation) => {
      signals.push(invocation.signal);
      await abortableSleep(60_000, invocation.signal);
    });
    const controller = new AbortController();
    const run = engine.runSkill('demo.nested-wait', {}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(run).rejects.toMatchObject({ code: 'service_unavailable', stepId: null });
    expect(signals[0]?.aborted).toBe(true);
  });

  it('refuses to start with an already aborted signal, before any event', async () => {
    const { engine, invoker } = createTestEngine({ skills: [waiting] });
    const events: unknown[] = [];
    const error = await failureOf(engine.runSkill('demo.waiting', {}, { signal: AbortSignal.abort(), onEvent: (event) => events.push(event) }));
    expect(error).toBeInstanceOf(RunCancelledError);
    expect(events).toEqual([]);
    expect(invoker.calls).toEqual([]);
  });
});
