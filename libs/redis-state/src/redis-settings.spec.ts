import { describe, expect, it } from '@jest/globals';
import { checkReachable } from './redis-connection.js';
import { redactedRedisUrl, redisSettings } from './redis-settings.js';

describe('redis settings', () => {
  it('accepts redis:// and rediss:// URLs with a plain prefix', () => {
    expect(redisSettings('redis://127.0.0.1:6379', 'skills')).toEqual({ url: 'redis://127.0.0.1:6379', prefix: 'skills' });
    expect(redisSettings('rediss://user:pw@cache.example:6380/2').prefix).toBe('skills');
  });

  it.each([
    ['not a url', 'not a valid URL'],
    ['http://127.0.0.1:6379', 'must start with redis://'],
    ['redis://127.0.0.1:6379/abc', 'database must be a number'],
  ])('refuses the URL %s with a clear message', (url, message) => {
    expect(() => redisSettings(url)).toThrow(message);
  });

  it.each(['with space', 'a:b', '', 'x*', 'p'.repeat(65)])('refuses the prefix %j', (prefix) => {
    expect(() => redisSettings('redis://127.0.0.1:6379', prefix)).toThrow('prefix must be');
  });

  it('never prints a password', () => {
    expect(redactedRedisUrl('redis://:s3cret@127.0.0.1:6379')).not.toContain('s3cret');
    expect(() => redisSettings('redis://:s3cret@127.0.0.1:6379/x')).toThrow(expect.objectContaining({ message: expect.not.stringContaining('s3cret') }));
  });

  it('names the URL, password hidden, when Redis cannot be reached', async () => {
    const settings = redisSettings('redis://:s3cret@127.0.0.1:1', 'skills');
    const failure = checkReachable(settings, 2_000);
    await expect(failure).rejects.toThrow('Redis at redis://:***@127.0.0.1:1 is unreachable: connect ECONNREFUSED');
  });
});
