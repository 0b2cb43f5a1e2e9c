import { describe, expect, it } from '@jest/globals';
import { ExecutionHistory } from './execution-history.js';

const run = (skillId: string, traceId: string, ok = true, durationMs = 10) => ({ skillId, traceId, ok, durationMs });

describe('ExecutionHistory', () => {
  it('counts executions and successes per skill, with the success rate and a nearest-rank p95', () => {
    const history = new ExecutionHistory();
    expect(history.usage('a')).toEqual({ executions: 0, successes: 0, success_rate: null, p95_duration_ms: null });
    for (let index = 1; index <= 20; index += 1) history.record(run('a', `t${index}`, index !== 3, index));
    expect(history.usage('a')).toEqual({ executions: 20, successes: 19, success_rate: 0.95, p95_duration_ms: 19 });
    expect(history.size()).toEqual({ skills: 1, executions: 20, trace_ids: 20 });
  });

  it('remembers trace ids of settled executions, failed ones included', () => {
    const history = new ExecutionHistory();
    history.record(run('a', 'ok-trace'));
    history.record(run('a', 'failed-trace', false));
    expect(history.hasTrace('ok-trace')).toBe(true);
    expect(history.hasTrace('failed-trace')).toBe(true);
    expect(history.hasTrace('never')).toBe(false);
  });

  it('stays bounded: the least recently executed skill and the oldest trace id are forgotten first', () => {
    const history = new ExecutionHistory({ maxSkills: 2, maxTraceIds: 3, durationsPerSkill: 2 });
    history.record(run('a', 't1', true, 100));
    history.record(run('b', 't2'));
    history.record(run('a', 't3', true, 1));
    history.record(run('a', 't4', true, 2));
    history.record(run('c', 't5'));
    expect(history.usage('b').executions).toBe(0);
    expect(history.usage('a')).toMatchObject({ executions: 3, p95_duration_ms: 2 });
    expect(history.usage('c').executions).toBe(1);
    expect(['t1', 't2', 't3', 't4', 't5'].map((trace) => history.hasTrace(trace))).toEqual([false, false, true, true, true]);
    expect(history.size()).toEqual({ skills: 2, executions: 5, trace_ids: 3 });
  });
});
