import { describe, expect, it } from '@jest/globals';
import { ServiceError, type ExecutionResult, type WebhookEventData } from '@skill-service/contracts';
import { ExecutionEvents } from './execution-events.js';

const RESULT: ExecutionResult = { skill_id: 's', status: 'completed', outputs: { a: 1, b: 2 }, trace_id: 't' };

function recorded(): { events: [string, WebhookEventData, string][]; events_: ExecutionEvents } {
  const events: [string, WebhookEventData, string][] = [];
  let clock = 100;
  return { events, events_: new ExecutionEvents((event, data, traceId) => events.push([event, data, traceId]), () => (clock += 10)) };
}

describe('ExecutionEvents', () => {
  it('fires skill.started now and skill.completed with output names when the result resolves', async () => {
    const { events, events_ } = recorded();
    const settle = events_.started('s', 't');
    expect(events).toEqual([['skill.started', { skill_id: 's', status: 'running', duration_ms: 0 }, 't']]);
    const result = Promise.resolve(RESULT);
    settle(result);
    await result;
    await Promise.resolve();
    expect(events[1]).toEqual(['skill.completed', { skill_id: 's', status: 'completed', outputs: ['a', 'b'], duration_ms: 10 }, 't']);
  });

  it('fires skill.failed and run.failed with the error code and the run id, leaving the rejection to the caller', async () => {
    const { events, events_ } = recorded();
    const settle = events_.started('s', 't', () => 'run-1');
    const result = Promise.reject(new ServiceError('upstream_failure', 'boom'));
    settle(result);
    await expect(result).rejects.toThrow('boom');
    await Promise.resolve();
    const failed = { skill_id: 's', status: 'failed', error: { code: 'upstream_failure', message: 'boom' }, duration_ms: 10 };
    expect(events.slice(1)).toEqual([
      ['skill.failed', failed, 't'],
      ['run.failed', { ...failed, run_id: 'run-1' }, 't'],
    ]);
  });

  it('never lets a publishing error reach the execution', () => {
    const events = new ExecutionEvents(() => {
      throw new Error('queue broke');
    });
    expect(() => events.started('s', 't')(Promise.resolve(RESULT))).not.toThrow();
  });
});
