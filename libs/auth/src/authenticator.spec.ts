import { describe, expect, it } from '@jest/globals';
import { ServiceError, type Identity } from '@skill-service/contracts';
import { ApiKeyStore } from './api-key-store.js';
import {
  Authenticator,
  identityFromCredentials,
  isCredentialed,
  type AuthBackend,
  type AuthOutcome,
  type AuthRequest,
  type AuthSettings,
} from './authenticator.js';
import { signJwtHs256 } from './jwt-hs256.js';

const SECRET = 'a-test-secret-of-at-least-32-bytes!!';
const NOW = 1_750_000_000_000;
const clock = (): number => NOW;

const keys = (): ApiKeyStore =>
  new ApiKeyStore().add('admin-key', { subject: 'default', role: 'admin' }).add('reader-key', { subject: 'robot', role: 'reader' });

const rbac = (extra: Partial<AuthSettings> = {}): Authenticator =>
  new Authenticator({ mode: 'rbac', apiKeys: keys(), jwt: { secret: SECRET }, ...extra }, clock);

const request = (headers: AuthRequest['headers']): AuthRequest => ({ headers });

function expectRefused(outcome: AuthOutcome, code: 'unauthorized' | 'forbidden', reason?: string): void {
  expect(outcome.ok).toBe(false);
  if (outcome.ok) return;
  expect(outcome.error.code).toBe(code);
  if (reason !== undefined) expect(outcome.reason).toBe(reason);
}

function identityOf(outcome: AuthOutcome): Identity | undefined {
  return outcome.ok ? outcome.identity : undefined;
}

describe('Authenticator, legacy mode', () => {
  const legacy = new Authenticator({ mode: 'legacy', apiKeys: new ApiKeyStore().add('the-key', { subject: 'default', role: 'admin' }) }, clock);

  it('lets everything in when no key is configured', async () => {
    const open = new Authenticator({ mode: 'legacy', apiKeys: new ApiKeyStore() }, clock);
    expect(await open.authenticate(request({}))).toMatchObject({ ok: true, source: 'open', identity: { role: 'admin' } });
    expect(await open.authenticate(request({ 'x-api-key': 'whatever' }))).toMatchObject({ ok: true, source: 'open' });
  });

  it('answers 401 without a key and 403 with a wrong one', async () => {
    expectRefused(await legacy.authenticate(request({})), 'unauthorized', 'missing');
    expectRefused(await legacy.authenticate(request({ 'x-api-key': 'wrong' })), 'forbidden', 'unknown_key');
    expectRefused(await legacy.authenticate(request({ authorization: 'Bearer wrong' })), 'forbidden', 'unknown_key');
  });

  it('accepts the key in X-API-Key or as a bearer token', async () => {
    expect(identityOf(await legacy.authenticate(request({ 'x-api-key': 'the-key' })))).toEqual({ subject: 'default', role: 'admin' });
    expect(identityOf(await legacy.authenticate(request({ 'X-Api-Key': 'the-key' })))).toEqual({ subject: 'default', role: 'admin' });
    expect(identityOf(await legacy.authenticate(request({ authorization: 'bearer the-key' })))).toEqual({ subject: 'default', role: 'admin' });
  });

  it('refuses a key header sent twice', async () => {
    expectRefused(await legacy.authenticate(request({ 'x-api-key': ['the-key', 'the-key'] })), 'unauthorized', 'duplicate_header');
  });

  it('refuses JWTs and backends (they need RBAC)', () => {
    expect(() => new Authenticator({ mode: 'legacy', apiKeys: new ApiKeyStore(), jwt: { secret: SECRET } })).toThrow(ServiceError);
  });
});

describe('Authenticator, RBAC mode', () => {
  it('maps API keys to their identity, in X-API-Key or as a bearer token', async () => {
    const auth = rbac();
    expect(await auth.authenticate(request({ 'x-api-key': 'reader-key' }))).toEqual({ ok: true, identity: { subject: 'robot', role: 'reader' }, source: 'api_key' });
    expect(identityOf(await auth.authenticate(request({ authorization: 'Bearer admin-key' })))).toEqual({ subject: 'default', role: 'admin' });
  });

  it('verifies bearer JWTs: sub and role, executor by default', async () => {
    const auth = rbac();
    const operator = signJwtHs256({ sub: 'carol', role: 'operator', exp: NOW / 1000 + 60 }, SECRET);
    expect(await auth.authenticate(request({ authorization: `Bearer ${operator}` }))).toEqual({ ok: true, identity: { subject: 'carol', role: 'operator' }, source: 'jwt' });
    expect(identityOf(await auth.authenticate(request({ authorization: `Bearer ${signJwtHs256({ sub: 'dan' }, SECRET)}` })))).toEqual({ subject: 'dan', role: 'executor' });
  });

  it('gives every failure the same 401 message', async () => {
    const auth = rbac();
    const outcomes = await Promise.all(
      [
        {},
        { 'x-api-key': 'unknown' },
        { authorization: 'Bearer unknown' },
        { authorization: `Bearer ${signJwtHs256({ sub: 'x' }, 'another-secret-of-at-least-32-bytes!!')}` },
        { authorization: `Bearer ${signJwtHs256({ sub: 'x', exp: NOW / 1000 - 3600 }, SECRET)}` },
      ].map((headers) => auth.authenticate(request(headers))),
    );
    const messages = new Set(outcomes.map((outcome) => (outcome.ok ? 'ok' : `${outcome.error.code}: ${outcome.error.message}`)));
    expect([...messages]).toEqual(['unauthorized: Authentication required.']);
  });

  it.each<[string, AuthRequest['headers'], string]>([
    ['an alg none token', { authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x","role":"admin"}').toString('base64url')}.` }, 'jwt_unsupported_algorithm'],
    ['an expired token', { authorization: `Bearer ${signJwtHs256({ sub: 'x', exp: NOW / 1000 - 60 }, SECRET)}` }, 'jwt_expired'],
    ['a token without sub', { authorization: `Bearer ${signJwtHs256({ role: 'admin' }, SECRET)}` }, 'jwt_missing_subject'],
    ['a 100 KB token', { authorization: `Bearer ${signJwtHs256({ sub: 'x', pad: 'p'.repeat(100_000) }, SECRET)}` }, 'malformed'],
    ['CR/LF in the key', { 'x-api-key': 'admin-key\r\nx-role: admin' }, 'malformed'],
    ['a NUL in the bearer token', { authorization: 'Bearer admin\u0000key' }, 'malformed'],
    ['a bearer without a token', { authorization: 'Bearer' }, 'malformed'],
    ['a bearer token with a space', { authorization: 'Bearer admin-key extra' }, 'malformed'],
    ['two authorization headers', { authorization: ['Bearer admin-key', 'Bearer admin-key'] }, 'duplicate_header'],
    ['two key headers', { 'x-api-key': ['admin-key', 'reader-key'] }, 'duplicate_header'],
    ['two spellings of the key header', { 'x-api-key': 'admin-key', 'X-API-KEY': 'admin-key' }, 'duplicate_header'],
    ['an unknown key even with a valid bearer', { 'x-api-key': 'nope', authorization: 'Bearer admin-key' }, 'unknown_key'],
    ['a Basic credential', { authorization: 'Basic dXNlcjpwYXNz' }, 'unsupported_scheme'],
  ])('refuses %s with 401', async (_what, headers, reason) => {
    expectRefused(await rbac().authenticate(request(headers)), 'unauthorized', reason);
  });

  it('treats a JWT-shaped bearer as an API key when no JWT secret is configured', async () => {
    const jwtShapedKey = 'aaaa.bbbb.cccc';
    const auth = new Authenticator({ mode: 'rbac', apiKeys: new ApiKeyStore().add(jwtShapedKey, { subject: 'k', role: 'reader' }) }, clock);
    expect(identityOf(await auth.authenticate(request({ authorization: `Bearer ${jwtShapedKey}` })))).toEqual({ subject: 'k', role: 'reader' });
  });

  it('lets anonymous callers in as reader only when neither a key nor a JWT secret is configured', async () => {
    const anonymous = new Authenticator({ mode: 'rbac', apiKeys: new ApiKeyStore() }, clock);
    expect(anonymous.anonymousAllowed).toBe(true);
    const outcome = await anonymous.authenticate(request({}));
    expect(outcome).toEqual({ ok: true, identity: { subject: 'anonymous', role: 'reader' }, source: 'anonymous' });
    expect(isCredentialed(outcome)).toBe(false);
    // Presented credentials are still checked: no fallback to anonymous.
    expectRefused(await anonymous.authenticate(request({ 'x-api-key': 'guess' })), 'unauthorized', 'unknown_key');
    expect(new Authenticator({ mode: 'rbac', apiKeys: keys() }).anonymousAllowed).toBe(false);
    expect(new Authenticator({ mode: 'rbac', apiKeys: new ApiKeyStore(), jwt: { secret: SECRET } }).anonymousAllowed).toBe(false);
  });

  it('refuses a JWT secret shorter than 32 bytes', () => {
    expect(() => new Authenticator({ mode: 'rbac', apiKeys: new ApiKeyStore(), jwt: { secret: 'short' } })).toThrow(/32 bytes/);
  });

  it('authorizes by role rank', () => {
    const auth = rbac();
    expect(auth.authorize({ subject: 's', role: 'operator' }, 'executor')).toBeUndefined();
    const denied = auth.authorize({ subject: 's', role: 'reader' }, 'operator');
    expect(denied).toBeInstanceOf(ServiceError);
    expect(denied?.code).toBe('forbidden');
    expect(denied?.message).toContain("'reader'");
  });
});

describe('Authenticator, plugin backends', () => {
  const forwarded: AuthBackend = {
    name: 'forwarded',
    authenticate: ({ headers, fromTrustedProxy }) => {
      const user = headers['x-forwarded-user'];
      if (user === undefined) return undefined;
      if (fromTrustedProxy !== true) throw new Error('untrusted');
      return { subject: String(user), role: 'operator' };
    },
  };

  it('asks backends in order after the built-in credentials', async () => {
    const never: AuthBackend = { name: 'never', authenticate: () => undefined };
    const auth = rbac({ backends: [never, forwarded] });
    const outcome = await auth.authenticate({ headers: { 'x-forwarded-user': 'erin' }, fromTrustedProxy: true });
    expect(outcome).toEqual({ ok: true, identity: { subject: 'erin', role: 'operator' }, source: 'backend', backend: 'forwarded' });
    expect(isCredentialed(outcome)).toBe(true);
    // Built-in credentials come first.
    expect(await auth.authenticate({ headers: { 'x-api-key': 'reader-key', 'x-forwarded-user': 'erin' }, fromTrustedProxy: true })).toMatchObject({ source: 'api_key' });
  });

  it('turns a throwing backend or an invalid identity into the same 401', async () => {
    expectRefused(await rbac({ backends: [forwarded] }).authenticate({ headers: { 'x-forwarded-user': 'mallory' } }), 'unauthorized', 'backend_refused');
    const broken: AuthBackend = { name: 'broken', authenticate: async () => ({ subject: '', role: 'god' }) as unknown as Identity };
    expectRefused(await rbac({ backends: [broken] }).authenticate({ headers: {} }), 'unauthorized', 'backend_invalid_identity');
  });

  it('still refuses a request no backend claims', async () => {
    expectRefused(await rbac({ backends: [forwarded] }).authenticate({ headers: {} }), 'unauthorized', 'missing');
  });
});

describe('identityFromCredentials (the tool bridge)', () => {
  const settings: AuthSettings = { mode: 'rbac', apiKeys: keys(), jwt: { secret: SECRET } };

  it('resolves an API key or a token', () => {
    expect(identityFromCredentials({ apiKey: 'reader-key' }, settings, NOW)).toEqual({ subject: 'robot', role: 'reader' });
    expect(identityFromCredentials({ token: 'admin-key' }, settings, NOW)).toEqual({ subject: 'default', role: 'admin' });
    expect(identityFromCredentials({ token: signJwtHs256({ sub: 'bridge', role: 'operator' }, SECRET) }, settings, NOW)).toEqual({ subject: 'bridge', role: 'operator' });
  });

  const thrownCode = (run: () => unknown): string | undefined => {
    try {
      run();
      return undefined;
    } catch (error) {
      return error instanceof ServiceError ? error.code : 'not a ServiceError';
    }
  };

  it('throws the HTTP surface errors', () => {
    expect(thrownCode(() => identityFromCredentials({}, settings, NOW))).toBe('unauthorized');
    expect(thrownCode(() => identityFromCredentials({ apiKey: 'nope' }, settings, NOW))).toBe('unauthorized');
    expect(thrownCode(() => identityFromCredentials({ token: signJwtHs256({ sub: 'x', exp: NOW / 1000 - 3600 }, SECRET) }, settings, NOW))).toBe('unauthorized');
    const legacy: AuthSettings = { mode: 'legacy', apiKeys: new ApiKeyStore().add('k', { subject: 'default', role: 'admin' }) };
    expect(thrownCode(() => identityFromCredentials({ apiKey: 'wrong' }, legacy, NOW))).toBe('forbidden');
  });

  it('answers anonymous reader or open access as the HTTP surface does', () => {
    expect(identityFromCredentials({}, { mode: 'rbac', apiKeys: new ApiKeyStore() }, NOW)).toEqual({ subject: 'anonymous', role: 'reader' });
    expect(identityFromCredentials({}, { mode: 'legacy', apiKeys: new ApiKeyStore() }, NOW)).toEqual({ subject: 'anonymous', role: 'admin' });
  });
});
