import { describe, expect, it } from '@jest/globals';
import { applyEvent, cutRun, initialRunState, type RunState } from './run-state.js';

const at = (ms: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms)).toISOString();
const event = (type: string, stepId: string | null, ms: number, data: Record<string, unknown> | null = null) => ({
  type,
  message: `${type} ${stepId ?? ''}`,
  timestamp: at(ms),
  step_id: stepId,
  trace_id: 't',
  data,
});

describe('applyEvent', () => {
  it('moves each step through running to its end state, with start and duration', () => {
    let state = initialRunState(['a', 'b', 'c', 'd']);
    state = applyEvent(state, 'skill_start', event('skill_start', null, 0), '1');
    state = applyEvent(state, 'step_start', event('step_start', 'a', 10), '2');
    expect(state.steps['a']).toEqual({ status: 'running', startedAt: Date.parse(at(10)) });
    state = applyEvent(state, 'step_completed', event('step_completed', 'a', 35), '3');
    state = applyEvent(state, 'step_skipped', event('step_skipped', 'b', 40), '4');
    state = applyEvent(state, 'step_start', event('step_start', 'c', 41), '5');
    state = applyEvent(state, 'step_degraded', event('step_degraded', 'c', 50), '6');
    state = applyEvent(state, 'step_start', event('step_start', 'd', 51), '7');
    state = applyEvent(state, 'step_failed', event('step_failed', 'd', 60, { error: { code: 'upstream_failure', message: 'boom' } }), '8');
    expect(Object.fromEntries(Object.entries(state.steps).map(([id, step]) => [id, step.status]))).toEqual({ a: 'completed', b: 'skipped', c: 'degraded', d: 'failed' });
    expect((state.steps['a']?.finishedAt ?? 0) - (state.steps['a']?.startedAt ?? 0)).toBe(25);
    expect(state.steps['d']?.message).toBe('boom');
    expect(state.lastEventId).toBe('8');
    state = applyEvent(state, 'done', { error: { code: 'upstream_failure', message: "Step 'd' failed: boom" }, trace_id: 't' }, '9');
    expect(state.outcome).toEqual({ kind: 'failed', code: 'upstream_failure', message: "Step 'd' failed: boom" });
    expect(state.log).toHaveLength(9);
  });

  it('keeps every one of many events, in order', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `s${i}`);
    let state: RunState = initialRunState(ids);
    let n = 0;
    for (const id of ids) state = applyEvent(state, 'step_start', event('step_start', id, n), String(++n));
    for (const id of [...ids].reverse()) state = applyEvent(state, 'step_completed', event('step_completed', id, n), String(++n));
    state = applyEvent(state, 'done', { skill_id: 'x', status: 'completed', outputs: { ok: true }, trace_id: 't' }, String(++n));
    expect(state.log.map((entry) => entry.id)).toEqual(Array.from({ length: 101 }, (_, i) => String(i + 1)));
    expect(Object.values(state.steps).every((step) => step.status === 'completed')).toBe(true);
    expect(state.outcome.kind).toBe('completed');
  });

  it("logs nested skills' prefixed events without inventing nodes", () => {
    const state = applyEvent(initialRunState(['outer']), 'step_start', event('step_start', 'outer.inner', 1));
    expect(Object.keys(state.steps)).toEqual(['outer']);
    expect(state.log).toHaveLength(1);
  });

  it('marks a stream that ends before done as cut, and leaves a finished run alone', () => {
    const running = initialRunState(['a']);
    expect(cutRun(running, 'cut').outcome).toEqual({ kind: 'cut', message: 'cut' });
    const done = applyEvent(running, 'done', { skill_id: 'x', status: 'completed', outputs: {}, trace_id: 't' });
    expect(cutRun(done, 'cut')).toBe(done);
  });
});
