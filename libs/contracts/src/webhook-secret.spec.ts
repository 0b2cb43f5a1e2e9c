import { describe, expect, it } from '@jest/globals';
import { webhookSigningKey } from './webhook-secret.js';

describe('webhookSigningKey', () => {
  it('decodes a whsec_ secret to its bytes', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_unused, index) => index * 7);
    const secret = `whsec_${btoa(String.fromCharCode(...bytes))}`;
    expect(webhookSigningKey(secret)).toEqual({ kind: 'standard', key: bytes });
  });

  it('uses any other secret as its UTF-8 bytes', () => {
    expect(webhookSigningKey('hush ✓')).toEqual({ kind: 'raw', key: new TextEncoder().encode('hush ✓') });
  });

  it.each([
    ['whsec_', /standard base64/],
    ['whsec_abc', /standard base64/],
    ['whsec_not*base64!', /standard base64/],
    ['whsec_ AAAA', /standard base64/],
    [`whsec_${btoa('x'.repeat(23))}`, /at least 24 bytes, got 23/],
  ])('refuses %s', (secret, problem) => {
    const key = webhookSigningKey(secret);
    expect(key.kind).toBe('invalid');
    expect(key.kind === 'invalid' ? key.problem : '').toMatch(problem);
  });
});
