import { describe, expect, it } from '@jest/globals';
import { CircuitBreaker } from './circuit-breaker.js';

describe('CircuitBreaker', () => {
  it('opens after the threshold, lets one probe through after the open period, and closes on success', () => {
    let now = 0;
    const opened: string[] = [];
    const breaker = new CircuitBreaker({ failureThreshold: 3, openMs: 1000, now: () => now, onOpen: (id) => opened.push(id) });
    for (let i = 0; i < 3; i++) {
      expect(breaker.tryAcquire('svc')).toBe(true);
      breaker.recordFailure('svc');
    }
    expect(opened).toEqual(['svc']);
    expect(breaker.state('svc')).toBe('open');
    expect(breaker.tryAcquire('svc')).toBe(false);
    expect(breaker.tryAcquire('other')).toBe(true);
    now = 1000;
    expect(breaker.state('svc')).toBe('half_open');
    expect(breaker.tryAcquire('svc')).toBe(true);
    expect(breaker.tryAcquire('svc')).toBe(false);
    breaker.recordSuccess('svc');
    expect(breaker.state('svc')).toBe('closed');
    expect(breaker.snapshot()).toEqual({});
  });

  it('reopens when the probe fails', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 10, now: () => now });
    breaker.recordFailure('svc');
    now = 10;
    expect(breaker.tryAcquire('svc')).toBe(true);
    breaker.recordFailure('svc');
    expect(breaker.state('svc')).toBe('open');
    expect(breaker.snapshot()).toEqual({ svc: { state: 'open', failures: 2 } });
  });

  it('releases a probe on a neutral outcome', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 10, now: () => now });
    breaker.recordFailure('svc');
    now = 10;
    expect(breaker.tryAcquire('svc')).toBe(true);
    breaker.recordNeutral('svc');
    expect(breaker.tryAcquire('svc')).toBe(true);
  });
});
