import { describe, expect, it } from '@jest/globals';
import { identityFromCredentials, sha256Hex } from '@skill-service/auth';
import { authSettingsFromEnvironment, authSettingsOf, credential } from './auth-environment.js';

const SECRET = 'x'.repeat(32);

describe('authSettingsFromEnvironment', () => {
  it('defaults to the legacy mode without keys or JWTs', () => {
    expect(authSettingsFromEnvironment({})).toEqual({ rbac: false, apiKeyHashes: [], jwt: undefined });
  });

  it('reads RBAC, hashed keys and the JWT settings', () => {
    const digest = sha256Hex('ops-key');
    expect(
      authSettingsFromEnvironment({
        SERVICE_RBAC: 'on',
        SERVICE_API_KEYS: `ops:operator:${digest.toUpperCase()}`,
        SERVICE_JWT_SECRET: SECRET,
        SERVICE_JWT_LEEWAY_SECONDS: '5',
        SERVICE_JWT_ISSUER: 'idp',
      }),
    ).toEqual({ rbac: true, apiKeyHashes: [{ subject: 'ops', role: 'operator', sha256: digest }], jwt: { secret: SECRET, leewaySeconds: 5, issuer: 'idp' } });
  });

  it.each<[Record<string, string>, readonly string[], RegExp]>([
    [{ SERVICE_JWT_SECRET: SECRET }, [], /^SERVICE_JWT_SECRET needs SERVICE_RBAC=1/],
    [{ SERVICE_API_KEYS: `a:reader:${sha256Hex('a')}` }, ['p'], /^SERVICE_API_KEYS, auth plugins need SERVICE_RBAC=1/],
    [{ SERVICE_RBAC: 'maybe' }, [], /^SERVICE_RBAC must be 1 or 0/],
    [{ SERVICE_RBAC: '1', SERVICE_JWT_SECRET: 'short' }, [], /^SERVICE_JWT_SECRET must be at least 32 bytes/],
    [{ SERVICE_RBAC: '1', SERVICE_API_KEYS: 'sk_live_secret' }, [], /^SERVICE_API_KEYS entry 1 is not subject:role:sha256/],
  ])('refuses %j (plugins %j) in one line', (env, plugins, message) => {
    expect(() => authSettingsFromEnvironment(env, { plugins })).toThrow(message);
    expect(() => authSettingsFromEnvironment(env, { plugins })).not.toThrow(/sk_live_secret/);
  });

  it('refuses a credential with control characters', () => {
    expect(() => credential('a\tb', 'SERVICE_API_KEY')).toThrow(/^SERVICE_API_KEY must be 1 to 8192 printable ASCII/);
    expect(credential('ok-key', 'SERVICE_API_KEY')).toBe('ok-key');
  });
});

describe('authSettingsOf', () => {
  it('registers the configured key as admin under RBAC, beside the hashed keys', () => {
    const settings = authSettingsOf(authSettingsFromEnvironment({ SERVICE_RBAC: '1', SERVICE_API_KEYS: `bot:reader:${sha256Hex('reader-key')}` }), 'admin-key');
    expect(identityFromCredentials({ apiKey: 'admin-key' }, settings)).toEqual({ subject: 'default', role: 'admin' });
    expect(identityFromCredentials({ token: 'reader-key' }, settings)).toEqual({ subject: 'bot', role: 'reader' });
    expect(() => identityFromCredentials({ apiKey: 'nope' }, settings)).toThrow('Authentication required.');
  });

  it('leaves the legacy mode without a key open', () => {
    expect(identityFromCredentials({}, authSettingsOf(authSettingsFromEnvironment({}), undefined)).role).toBe('admin');
  });
});

describe('JWT rotation and lifetime settings', () => {
  const current = 'c'.repeat(32);
  const previous = 'p'.repeat(40);

  it('reads several comma-separated secrets, the first current, and the lifetime rules', () => {
    const auth = authSettingsFromEnvironment({
      SERVICE_RBAC: '1',
      SERVICE_JWT_SECRET: ` ${current} , ${previous} `,
      SERVICE_JWT_REQUIRE_EXP: 'yes',
      SERVICE_JWT_MAX_AGE_SECONDS: '900',
    });
    expect(auth.jwt).toEqual({ secret: current, previousSecrets: [previous], leewaySeconds: 30, requireExp: true, maxAgeSeconds: 900 });
  });

  it('refuses a short secret in the list by position, never echoing it, and bad lifetime values', () => {
    expect(() => authSettingsFromEnvironment({ SERVICE_RBAC: '1', SERVICE_JWT_SECRET: `${current},tiny-secret` })).toThrow(
      'SERVICE_JWT_SECRET must be at least 32 bytes long (HS256 key) (secret 2 of 2)',
    );
    expect(() => authSettingsFromEnvironment({ SERVICE_RBAC: '1', SERVICE_JWT_SECRET: current, SERVICE_JWT_MAX_AGE_SECONDS: '0' })).toThrow(/SERVICE_JWT_MAX_AGE_SECONDS/);
    expect(() => authSettingsFromEnvironment({ SERVICE_RBAC: '1', SERVICE_JWT_SECRET: current, SERVICE_JWT_REQUIRE_EXP: 'maybe' })).toThrow(/SERVICE_JWT_REQUIRE_EXP/);
  });
});
