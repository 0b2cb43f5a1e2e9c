import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { AuthRequest } from '@skill-service/auth';
import { createAuthBackend } from './index.js';

const backend = (env: Record<string, string> = {}) => createAuthBackend({ name: 'forwarded-user', env });
const fromProxy = (headers: AuthRequest['headers']): AuthRequest => ({ headers, fromTrustedProxy: true, peerAddress: '10.0.0.1' });

describe('the forwarded-user backend', () => {
  it('lists itself in package.json under skillService.authBackends', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { skillService?: { authBackends?: Record<string, string> } };
    expect(manifest.skillService?.authBackends).toEqual({ 'forwarded-user': './src/index.js' });
  });

  it('vouches for the forwarded user and role from a trusted proxy', () => {
    const auth = backend();
    expect(auth.name).toBe('forwarded-user');
    expect(auth.authenticate(fromProxy({ 'x-forwarded-user': 'alice', 'x-forwarded-role': 'Executor' }))).toEqual({ subject: 'alice', role: 'executor' });
    expect(auth.authenticate(fromProxy({ 'x-forwarded-user': 'bob' }))).toEqual({ subject: 'bob', role: 'reader' });
  });

  it('leaves requests without its headers to others', () => {
    expect(backend().authenticate(fromProxy({ authorization: 'Bearer x' }))).toBeUndefined();
    expect(backend().authenticate({ headers: {} })).toBeUndefined();
  });

  it.each<[string, AuthRequest]>([
    ['from a peer that is not a trusted proxy', { headers: { 'x-forwarded-user': 'mallory', 'x-forwarded-role': 'operator' } }],
    ['a role without a user', fromProxy({ 'x-forwarded-role': 'reader' })],
    ['an unknown role', fromProxy({ 'x-forwarded-user': 'a', 'x-forwarded-role': 'root' })],
    ['a role above the cap', fromProxy({ 'x-forwarded-user': 'a', 'x-forwarded-role': 'admin' })],
    ['a user header sent twice', fromProxy({ 'x-forwarded-user': ['a', 'b'] })],
    ['a control character in the user', fromProxy({ 'x-forwarded-user': 'a\r\nb' })],
    ['an empty user', fromProxy({ 'x-forwarded-user': '' })],
  ])('refuses %s', (_what, request) => {
    expect(() => backend().authenticate(request)).toThrow();
  });

  it('is configurable through its environment variables', () => {
    const custom = backend({
      SERVICE_AUTH_FORWARDED_USER_HEADER: 'X-Auth-User',
      SERVICE_AUTH_FORWARDED_ROLE_HEADER: 'x-auth-role',
      SERVICE_AUTH_FORWARDED_DEFAULT_ROLE: 'executor',
      SERVICE_AUTH_FORWARDED_MAX_ROLE: 'admin',
    });
    expect(custom.authenticate(fromProxy({ 'x-auth-user': 'ops', 'x-auth-role': 'admin' }))).toEqual({ subject: 'ops', role: 'admin' });
    expect(custom.authenticate(fromProxy({ 'x-auth-user': 'dev' }))).toEqual({ subject: 'dev', role: 'executor' });
    expect(() => backend({ SERVICE_AUTH_FORWARDED_MAX_ROLE: 'root' })).toThrow(/MAX_ROLE/);
    expect(() => backend({ SERVICE_AUTH_FORWARDED_DEFAULT_ROLE: 'admin' })).toThrow(/above/);
    expect(() => backend({ SERVICE_AUTH_FORWARDED_USER_HEADER: 'bad header' })).toThrow(/header name/);
  });
});
