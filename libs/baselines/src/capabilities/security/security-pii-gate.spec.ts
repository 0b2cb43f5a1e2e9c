import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { securityPiiGate } from './security-pii-gate.js';

describe('security.pii.gate', () => {
  it('denies a text with personal data, naming kinds and counts but never the values', async () => {
    const output = await runChecked(securityPiiGate, { text: 'Mail a@example.com or b@example.com, IBAN DE89 3704 0044 0532 0130 00.' });
    expect(output).toEqual({ allowed: false, reason: 'personal data found: email ×2, iban ×1', types: ['email', 'iban'] });
    expect(JSON.stringify(output)).not.toContain('example.com');
  });

  it('allows the kinds listed in allow', async () => {
    expect(await runChecked(securityPiiGate, { text: 'Mail a@example.com', allow: ['email'] })).toEqual({ allowed: true, reason: 'no personal data found', types: [] });
  });

  it('allows a clean text, and an empty one', async () => {
    expect(await runChecked(securityPiiGate, { text: 'The bakery opens at seven.' })).toEqual({ allowed: true, reason: 'no personal data found', types: [] });
    expect((await runChecked(securityPiiGate, { text: '' }))['allowed']).toBe(true);
  });

  it('ignores the other fields of the step input it guards', async () => {
    expect((await runChecked(securityPiiGate, { text: 'clean', channel: 'blog', max_chars: 100 }))['allowed']).toBe(true);
  });
});
