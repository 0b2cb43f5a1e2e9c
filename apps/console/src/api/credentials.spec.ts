import { describe, expect, it } from '@jest/globals';
import { signJwtHs256 } from '@skill-service/auth';
import { credentialHeaders, credentialOf, jwtClaims, secondsToExpiry } from './credentials.js';

describe('credentials', () => {
  const token = signJwtHs256({ sub: 'ops', role: 'operator', exp: 2_000_000_000 }, 'a-secret-of-at-least-thirty-two-bytes!!');

  it('tells a JWT from an API key and sends each on its own header', () => {
    expect(credentialOf(token)).toEqual({ kind: 'jwt', value: token });
    expect(credentialOf('  my-api-key ')).toEqual({ kind: 'api-key', value: 'my-api-key' });
    expect(credentialOf('a.b.c')).toEqual({ kind: 'api-key', value: 'a.b.c' });
    expect(credentialOf('   ')).toBeUndefined();
    expect(credentialHeaders(credentialOf(token))).toEqual({ authorization: `Bearer ${token}` });
    expect(credentialHeaders(credentialOf('k'))).toEqual({ 'x-api-key': 'k' });
  });

  it("reads the JWT's subject, role and expiry", () => {
    expect(jwtClaims(token)).toEqual({ sub: 'ops', role: 'operator', exp: 2_000_000_000 });
    expect(secondsToExpiry(credentialOf(token), 1_999_999_990_000)).toBe(10);
    expect(secondsToExpiry(credentialOf('k'), 0)).toBeUndefined();
  });
});
