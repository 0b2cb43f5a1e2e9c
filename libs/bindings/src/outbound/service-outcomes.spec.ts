import { describe, expect, it } from '@jest/globals';
import { InvalidRequestError, ServiceError } from '@skill-service/contracts';
import { ServiceOutcomes } from './service-outcomes.js';

describe('ServiceOutcomes', () => {
  const at = new Date('2026-01-02T03:04:05.000Z');

  it('tracks a call: returns its answer, or records the error code and rethrows it', async () => {
    const outcomes = new ServiceOutcomes(() => at);
    await expect(outcomes.track('svc', async () => 42)).resolves.toBe(42);
    const failure = new ServiceError('upstream_timeout', 'slow');
    await expect(outcomes.track('svc', async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(outcomes.snapshot()['svc']).toMatchObject({ calls: 2, failures: 1, last_outcome: 'upstream_timeout', last_error: 'slow', last_at: at.toISOString() });
  });

  it('is unhealthy only while a provider-side failure is the last outcome', async () => {
    const outcomes = new ServiceOutcomes(() => at);
    await expect(outcomes.track('a', async () => Promise.reject(new InvalidRequestError('bad input')))).rejects.toThrow('bad input');
    expect(outcomes.health('openapi')).toMatchObject({ protocol: 'openapi', healthy: true });
    await expect(outcomes.track('b', async () => Promise.reject(new ServiceError('upstream_failure', 'down')))).rejects.toThrow('down');
    expect(outcomes.health('openapi').healthy).toBe(false);
    await outcomes.track('b', async () => 'back');
    expect(outcomes.health('openapi')).toEqual({ protocol: 'openapi', healthy: true, details: { services: outcomes.snapshot() } });
  });
});
