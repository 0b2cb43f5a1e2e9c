import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '@skill-service/contracts';
import { retryWhileUnavailable } from './retry-while-unavailable.js';

const unavailable = (): ServiceError => new ServiceError('service_unavailable', 'Redis is unavailable');

describe('retryWhileUnavailable', () => {
  it('asks again while the backend is unreachable, and answers once it is back', async () => {
    let calls = 0;
    const answer = await retryWhileUnavailable(async () => {
      calls += 1;
      if (calls < 3) throw unavailable();
      return 'stored';
    }, new AbortController().signal);
    expect(answer).toBe('stored');
    expect(calls).toBe(3);
  });

  it('throws any other refusal at once', async () => {
    let calls = 0;
    const foreign = new ServiceError('internal_error', 'not one this service wrote');
    await expect(
      retryWhileUnavailable(async () => {
        calls += 1;
        throw foreign;
      }, new AbortController().signal),
    ).rejects.toBe(foreign);
    expect(calls).toBe(1);
  });

  it('stops waiting once its signal aborts, with the last failure', async () => {
    const stop = new AbortController();
    let calls = 0;
    const pending = retryWhileUnavailable(async () => {
      calls += 1;
      throw unavailable();
    }, stop.signal);
    setTimeout(() => stop.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'service_unavailable' });
    // One try, one more after the abort cut the first wait short; never a third.
    expect(calls).toBe(2);
  });
});
