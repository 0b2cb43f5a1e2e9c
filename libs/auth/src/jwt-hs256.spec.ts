import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { JwtVerificationError, looksLikeJwt, signJwtHs256, verifyJwtHs256, type JwtFailure } from './jwt-hs256.js';

const SECRET = 'a-test-secret-of-at-least-32-bytes!!';
const NOW = 1_750_000_000_000;
const nowSeconds = NOW / 1000;

const b64 = (value: unknown): string => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const sign = (input: string, secret = SECRET): string => createHmac('sha256', secret).update(input).digest('base64url');
/** A token with any header (signed with HS256 over whatever the header says). */
const forge = (header: unknown, payload: unknown, secret = SECRET): string => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${sign(input, secret)}`;
};

function reasonOf(token: string, options: Partial<Parameters<typeof verifyJwtHs256>[2]> = {}): JwtFailure | 'ok' {
  try {
    verifyJwtHs256(token, SECRET, { now: NOW, ...options });
    return 'ok';
  } catch (error) {
    if (error instanceof JwtVerificationError) return error.reason;
    throw error;
  }
}

describe('verifyJwtHs256', () => {
  it('accepts a valid token and returns sub, role and the numeric dates', () => {
    const token = signJwtHs256({ sub: 'alice', role: 'operator', exp: nowSeconds + 60, nbf: nowSeconds - 1, iat: nowSeconds, tenant: 't1' }, SECRET);
    const claims = verifyJwtHs256(token, SECRET, { now: NOW });
    expect(claims).toMatchObject({ sub: 'alice', role: 'operator', exp: nowSeconds + 60, nbf: nowSeconds - 1, iat: nowSeconds });
    expect(claims.all['tenant']).toBe('t1');
  });

  it('defaults the role to executor and needs no exp', () => {
    expect(verifyJwtHs256(signJwtHs256({ sub: 'bob' }, SECRET), SECRET, { now: NOW })).toMatchObject({ sub: 'bob', role: 'executor' });
  });

  it.each<[string, string, JwtFailure]>([
    ['bad base64 in the header', `@@@.${b64({ sub: 'x' })}.abc`, 'malformed'],
    ['a header that is not JSON', `${b64('not json')}.${b64({ sub: 'x' })}.abc`, 'malformed'],
    ['a header that is a JSON array', forge(['HS256'], { sub: 'x' }), 'malformed'],
    ['two parts', `${b64({ alg: 'HS256' })}.${b64({ sub: 'x' })}`, 'malformed'],
    ['four parts', `${forge({ alg: 'HS256' }, { sub: 'x' })}.extra`, 'malformed'],
    ['an impossible base64url length (signed)', `${b64({ alg: 'HS256' })}.${b64({ sub: 'x' })}AA.${sign(`${b64({ alg: 'HS256' })}.${b64({ sub: 'x' })}AA`)}`, 'malformed'],
    ['a payload that is not base64url', `${b64({ alg: 'HS256' })}.p@yload.${'A'.repeat(43)}`, 'malformed'],
    ['alg none without a signature', `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'x', role: 'admin' })}.`, 'unsupported_algorithm'],
    ['alg None (case variant)', forge({ alg: 'None' }, { sub: 'x' }), 'unsupported_algorithm'],
    ['an RS256 header', forge({ alg: 'RS256', typ: 'JWT' }, { sub: 'x' }), 'unsupported_algorithm'],
    ['an HS512 header', forge({ alg: 'HS512' }, { sub: 'x' }), 'unsupported_algorithm'],
    ['a missing alg', forge({ typ: 'JWT' }, { sub: 'x' }), 'unsupported_algorithm'],
    ['a crit header', forge({ alg: 'HS256', crit: ['exp'] }, { sub: 'x' }), 'unsupported_algorithm'],
    ['another secret', signJwtHs256({ sub: 'x' }, 'another-secret-of-at-least-32-bytes!!'), 'bad_signature'],
    ['a truncated signature', signJwtHs256({ sub: 'x' }, SECRET).slice(0, -2), 'bad_signature'],
    ['a payload that is not JSON (signed)', `${b64({ alg: 'HS256' })}.${b64('nope')}.${sign(`${b64({ alg: 'HS256' })}.${b64('nope')}`)}`, 'malformed'],
    ['no sub', signJwtHs256({ role: 'admin' }, SECRET), 'missing_subject'],
    ['an empty sub', signJwtHs256({ sub: '  ' }, SECRET), 'missing_subject'],
    ['a numeric sub', signJwtHs256({ sub: 42 }, SECRET), 'missing_subject'],
    ['an unknown role', signJwtHs256({ sub: 'x', role: 'root' }, SECRET), 'invalid_claims'],
    ['a string exp', signJwtHs256({ sub: 'x', exp: String(nowSeconds + 60) }, SECRET), 'invalid_claims'],
    ['expired beyond the leeway', signJwtHs256({ sub: 'x', exp: nowSeconds - 31 }, SECRET), 'expired'],
    ['not yet valid beyond the leeway', signJwtHs256({ sub: 'x', nbf: nowSeconds + 31 }, SECRET), 'not_yet_valid'],
    ['100 KB long', signJwtHs256({ sub: 'x', pad: 'p'.repeat(100 * 1024) }, SECRET), 'too_long'],
  ])('refuses %s', (_what, token, reason) => {
    expect(reasonOf(token)).toBe(reason);
  });

  it('tolerates clock skew within the leeway, and the leeway is configurable', () => {
    const expiredRecently = signJwtHs256({ sub: 'x', exp: nowSeconds - 10 }, SECRET);
    const startsSoon = signJwtHs256({ sub: 'x', nbf: nowSeconds + 10 }, SECRET);
    expect(reasonOf(expiredRecently)).toBe('ok');
    expect(reasonOf(startsSoon)).toBe('ok');
    expect(reasonOf(expiredRecently, { leewaySeconds: 0 })).toBe('expired');
    expect(reasonOf(startsSoon, { leewaySeconds: 5 })).toBe('not_yet_valid');
    expect(reasonOf(signJwtHs256({ sub: 'x', exp: nowSeconds }, SECRET), { leewaySeconds: 0 })).toBe('expired');
  });

  it('checks iss and aud when configured', () => {
    const token = signJwtHs256({ sub: 'x', iss: 'idp', aud: ['skills', 'other'] }, SECRET);
    expect(reasonOf(token, { issuer: 'idp', audience: 'skills' })).toBe('ok');
    expect(reasonOf(token, { issuer: 'someone-else' })).toBe('wrong_issuer');
    expect(reasonOf(token, { audience: 'billing' })).toBe('wrong_audience');
    expect(reasonOf(signJwtHs256({ sub: 'x' }, SECRET), { audience: 'skills' })).toBe('wrong_audience');
  });

  it('never accepts a token whose any character was changed (property)', () => {
    const token = signJwtHs256({ sub: 'alice', role: 'admin' }, SECRET);
    fc.assert(
      fc.property(fc.nat({ max: token.length - 1 }), fc.constantFrom(...'ABCxyz019-_.'), (index, replacement) => {
        fc.pre(token[index] !== replacement);
        const tampered = `${token.slice(0, index)}${replacement}${token.slice(index + 1)}`;
        expect(reasonOf(tampered)).not.toBe('ok');
      }),
    );
  });

  it('never throws anything but a JwtVerificationError on arbitrary input (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.tuple(fc.base64String(), fc.base64String(), fc.base64String()).map((parts) => parts.join('.'))), (token) => {
        expect(reasonOf(token)).not.toBe('ok');
      }),
    );
  });
});

describe('looksLikeJwt', () => {
  it('is true for three dot-separated base64url parts only', () => {
    expect(looksLikeJwt(signJwtHs256({ sub: 'x' }, SECRET))).toBe(true);
    expect(looksLikeJwt('aGVhZA.cGF5.')).toBe(true);
    expect(looksLikeJwt('sk_live_1234567890')).toBe(false);
    expect(looksLikeJwt('a.b')).toBe(false);
    expect(looksLikeJwt('a.b.c.d')).toBe(false);
    expect(looksLikeJwt('a+b.c.d')).toBe(false);
  });
});
