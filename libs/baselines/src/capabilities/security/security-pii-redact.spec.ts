import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { securityPiiRedact } from './security-pii-redact.js';

const TEXT = 'Contact maria.lopez@example.com or +34 612 345 678; card 4111 1111 1111 1111.';

describe('security.pii.redact', () => {
  it('replaces personal data with labels', async () => {
    expect(await runChecked(securityPiiRedact, { text: TEXT })).toEqual({
      text: 'Contact [EMAIL] or [PHONE]; card [CREDIT_CARD].',
      redactions: 3,
      counts: { email: 1, phone: 1, credit_card: 1, iban: 0, ip_address: 0, ssn: 0 },
    });
  });

  it('masks all but the last four letters and digits, keeping separators', async () => {
    expect((await runChecked(securityPiiRedact, { text: TEXT, style: 'mask' }))['text']).toBe(
      'Contact *****.*****@******e.com or +** *** **5 678; card **** **** **** 1111.',
    );
  });

  it('redacts only the kinds asked for', async () => {
    expect((await runChecked(securityPiiRedact, { text: TEXT, types: ['email'] }))['text']).toBe('Contact [EMAIL] or +34 612 345 678; card 4111 1111 1111 1111.');
  });

  it('leaves a clean text unchanged', async () => {
    expect(await runChecked(securityPiiRedact, { text: 'Nothing personal here.' })).toMatchObject({ text: 'Nothing personal here.', redactions: 0 });
  });
});
