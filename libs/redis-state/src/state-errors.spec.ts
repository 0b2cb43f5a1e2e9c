import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '@skill-service/contracts';
import { ReplyError } from 'ioredis';
import { redisFailure } from './state-errors.js';

describe('redisFailure', () => {
  it('answers an unreachable Redis as 503, naming what could not be read, nothing of the connection', () => {
    const error = redisFailure(new Error('connect ECONNREFUSED 10.1.2.3:6379'), "the record of run 'r1'", "the prefix 'skills'");
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'service_unavailable', message: "Redis is unavailable, so the record of run 'r1' cannot be read or stored; try again once it is back" });
    expect(error.message).not.toContain('10.1.2.3');
  });

  it('answers a value of the wrong type as a foreign value (500), naming the prefix', () => {
    const error = redisFailure(new ReplyError('WRONGTYPE Operation against a key holding the wrong kind of value'), 'the run list', "the prefix 'skills'");
    expect(error).toMatchObject({ code: 'internal_error', message: expect.stringMatching(/^The run list in Redis is not one this service wrote \(a foreign or corrupted value under the prefix 'skills'\)/) });
  });

  it('keeps a typed error as it is', () => {
    const typed = new ServiceError('not_found', 'gone');
    expect(redisFailure(typed, 'x', "the prefix 'skills'")).toBe(typed);
  });
});
