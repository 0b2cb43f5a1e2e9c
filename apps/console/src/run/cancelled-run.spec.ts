import { describe, expect, it } from '@jest/globals';
import { cancelledRun, isCancelledRecord } from './cancelled-run.js';
import { applyEvent, initialRunState } from './run-state.js';

const at = (ms: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms)).toISOString();
const event = (type: string, stepId: string | null, ms: number) => ({ type, message: `${type} ${stepId ?? ''}`, timestamp: at(ms), step_id: stepId, trace_id: 't', data: null });

describe('cancelledRun', () => {
  it('fails the running step, marks the steps never started as not run, and keeps the finished ones', () => {
    let state = initialRunState(['done', 'skipped', 'held', 'later']);
    state = applyEvent(state, 'step_start', event('step_start', 'done', 0), '1');
    state = applyEvent(state, 'step_completed', event('step_completed', 'done', 10), '2');
    state = applyEvent(state, 'step_skipped', event('step_skipped', 'skipped', 11), '3');
    state = applyEvent(state, 'step_start', event('step_start', 'held', 12), '4');
    const cancelled = cancelledRun(state, 'Run cancelled', Date.parse(at(500)));
    expect(Object.fromEntries(Object.entries(cancelled.steps).map(([id, step]) => [id, step.status]))).toEqual({
      done: 'completed',
      skipped: 'skipped',
      held: 'failed',
      later: 'not-run',
    });
    expect(cancelled.steps['held']).toEqual({ status: 'failed', startedAt: Date.parse(at(12)), finishedAt: Date.parse(at(500)), message: 'Run cancelled' });
    expect(cancelled.steps['done']).toBe(state.steps['done']);
    expect(cancelled.outcome).toEqual({ kind: 'failed', message: 'Run cancelled' });
    // The log and resume point are the events', untouched.
    expect(cancelled.log).toBe(state.log);
    expect(cancelled.lastEventId).toBe('4');
  });

  it('never ends a step before it started (a clock behind the events)', () => {
    const state = applyEvent(initialRunState(['held']), 'step_start', event('step_start', 'held', 900), '1');
    expect(cancelledRun(state, 'Run cancelled', Date.parse(at(100))).steps['held']?.finishedAt).toBe(Date.parse(at(900)));
  });

  it('overrides an outcome the events already gave with the record’s error', () => {
    const state = applyEvent(initialRunState(['held']), 'done', { error: { message: 'stopped' }, trace_id: 't' }, '2');
    expect(cancelledRun(state, 'Run cancelled', 0).outcome).toEqual({ kind: 'failed', message: 'Run cancelled' });
  });
});

describe('isCancelledRecord', () => {
  it('recognises the cancelled record, with or without a reason after the words', () => {
    expect(isCancelledRecord({ status: 'failed', error: 'Run cancelled' })).toBe(true);
    expect(isCancelledRecord({ status: 'failed', error: 'Run cancelled: the service shut down before it finished' })).toBe(true);
  });

  it('does not take another failure, a running run or no record for a cancel', () => {
    expect(isCancelledRecord({ status: 'failed', error: "Step 'explode' failed: boom" })).toBe(false);
    expect(isCancelledRecord({ status: 'failed', error: 'Run cancelledness' })).toBe(false);
    expect(isCancelledRecord({ status: 'running', error: null })).toBe(false);
    expect(isCancelledRecord(undefined)).toBe(false);
  });
});
