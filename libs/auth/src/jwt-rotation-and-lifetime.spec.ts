import { describe, expect, it } from '@jest/globals';
import { ApiKeyStore } from './api-key-store.js';
import { Authenticator, type AuthBackend } from './authenticator.js';
import { JwtVerificationError, signJwtHs256, verifyJwtHs256, type JwtFailure, type JwtVerifyOptions } from './jwt-hs256.js';

const CURRENT = 'the-current-secret-of-at-least-32-bytes';
const PREVIOUS = 'the-previous-secret-of-at-least-32-bytes';
const RETIRED = 'a-retired-secret-of-at-least-32-bytes!!';
const NOW = 1_750_000_000_000;
const nowSeconds = NOW / 1000;

function reasonOf(token: string, secrets: string | readonly string[], options: Partial<JwtVerifyOptions> = {}): JwtFailure | 'ok' {
  try {
    verifyJwtHs256(token, secrets, { now: NOW, ...options });
    return 'ok';
  } catch (error) {
    if (error instanceof JwtVerificationError) return error.reason;
    throw error;
  }
}

describe('key rotation', () => {
  const both = [CURRENT, PREVIOUS];

  it('verifies tokens signed with the current or a previous secret', () => {
    expect(reasonOf(signJwtHs256({ sub: 'a' }, CURRENT), both)).toBe('ok');
    expect(reasonOf(signJwtHs256({ sub: 'a' }, PREVIOUS), both)).toBe('ok');
  });

  it('refuses a token signed with a secret rotated out of the list', () => {
    expect(reasonOf(signJwtHs256({ sub: 'a' }, RETIRED), both)).toBe('bad_signature');
    expect(reasonOf(signJwtHs256({ sub: 'a' }, PREVIOUS), [CURRENT])).toBe('bad_signature');
  });

  it('ignores kid: it neither selects a secret nor is required', () => {
    expect(reasonOf(signJwtHs256({ sub: 'a' }, PREVIOUS, { kid: 'current' }), both)).toBe('ok');
    expect(reasonOf(signJwtHs256({ sub: 'a' }, RETIRED, { kid: 'previous' }), both)).toBe('bad_signature');
  });

  it('reports a claim problem found under a matching secret, not a signature mismatch', () => {
    expect(reasonOf(signJwtHs256({ sub: 'a', exp: nowSeconds - 3600 }, PREVIOUS), both)).toBe('expired');
  });
});

describe('token lifetime settings', () => {
  it('requireExp refuses a token without exp and accepts one with it', () => {
    expect(reasonOf(signJwtHs256({ sub: 'a' }, CURRENT), CURRENT, { requireExp: true })).toBe('missing_exp');
    expect(reasonOf(signJwtHs256({ sub: 'a', exp: nowSeconds + 60 }, CURRENT), CURRENT, { requireExp: true })).toBe('ok');
    expect(reasonOf(signJwtHs256({ sub: 'a' }, CURRENT), CURRENT)).toBe('ok');
  });

  it('maxAgeSeconds measures from iat, which it then requires, within the leeway', () => {
    const options = { maxAgeSeconds: 600, leewaySeconds: 30 };
    expect(reasonOf(signJwtHs256({ sub: 'a', iat: nowSeconds - 60 }, CURRENT), CURRENT, options)).toBe('ok');
    expect(reasonOf(signJwtHs256({ sub: 'a', iat: nowSeconds - 620 }, CURRENT), CURRENT, options)).toBe('ok');
    expect(reasonOf(signJwtHs256({ sub: 'a', iat: nowSeconds - 631 }, CURRENT), CURRENT, options)).toBe('too_old');
    expect(reasonOf(signJwtHs256({ sub: 'a', exp: nowSeconds + 60 }, CURRENT), CURRENT, options)).toBe('missing_iat');
  });

  it('checks iat whenever it is sent: a number, not in the future beyond the leeway', () => {
    expect(reasonOf(signJwtHs256({ sub: 'a', iat: 'yesterday' }, CURRENT), CURRENT)).toBe('invalid_claims');
    expect(reasonOf(signJwtHs256({ sub: 'a', iat: nowSeconds + 10 }, CURRENT), CURRENT)).toBe('ok');
    expect(reasonOf(signJwtHs256({ sub: 'a', iat: nowSeconds + 3600 }, CURRENT), CURRENT)).toBe('not_yet_valid');
  });
});

describe('Authenticator with rotation, lifetime settings and plugin failures', () => {
  const clock = (): number => NOW;
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  it('accepts previous secrets and applies requireExp and maxAgeSeconds', async () => {
    const auth = new Authenticator({ mode: 'rbac', apiKeys: new ApiKeyStore(), jwt: { secret: CURRENT, previousSecrets: [PREVIOUS], requireExp: true, maxAgeSeconds: 300 } }, clock);
    const fresh = { sub: 'a', iat: nowSeconds - 10, exp: nowSeconds + 60 };
    expect(await auth.authenticate(bearer(signJwtHs256(fresh, PREVIOUS)))).toMatchObject({ ok: true, source: 'jwt' });
    expect(await auth.authenticate(bearer(signJwtHs256(fresh, RETIRED)))).toMatchObject({ ok: false, reason: 'jwt_bad_signature', error: { code: 'unauthorized' } });
    expect(await auth.authenticate(bearer(signJwtHs256({ sub: 'a', iat: nowSeconds }, CURRENT)))).toMatchObject({ ok: false, reason: 'jwt_missing_exp' });
    expect(await auth.authenticate(bearer(signJwtHs256({ sub: 'a', iat: nowSeconds - 3600, exp: nowSeconds + 60 }, CURRENT)))).toMatchObject({ ok: false, reason: 'jwt_too_old' });
  });

  it('refuses a previous secret shorter than 32 bytes at construction', () => {
    expect(() => new Authenticator({ mode: 'rbac', apiKeys: new ApiKeyStore(), jwt: { secret: CURRENT, previousSecrets: ['short'] } })).toThrow(/32 bytes/);
  });

  it('names the plugin that threw and its error type, never its message', async () => {
    const throwing: AuthBackend = {
      name: 'corp-sso',
      authenticate: () => {
        throw new TypeError('token sk_live_secret is not ours');
      },
    };
    const outcome = await new Authenticator({ mode: 'rbac', apiKeys: new ApiKeyStore().add('k', { subject: 's', role: 'admin' }), backends: [throwing] }, clock).authenticate({ headers: {} });
    expect(outcome).toMatchObject({ ok: false, reason: 'backend_refused', backend: 'corp-sso', errorType: 'TypeError', error: { code: 'unauthorized' } });
    expect(JSON.stringify(outcome)).not.toContain('sk_live_secret');
  });
});
