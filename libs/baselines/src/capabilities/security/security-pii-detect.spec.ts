import { describe, expect, it } from '@jest/globals';
import { runChecked } from '../../testing/run-checked.js';
import { securityPiiDetect } from './security-pii-detect.js';

type Found = { type: string; value: string; start: number; end: number };
const found = async (text: string, extra: Record<string, unknown> = {}): Promise<[string, string][]> =>
  ((await runChecked(securityPiiDetect, { text, ...extra }))['entities'] as Found[]).map((entity) => [entity.type, entity.value]);

describe('security.pii.detect', () => {
  it('finds every kind with exact offsets and counts', async () => {
    const text = 'Contact maria.lopez@example.com or +34 612 345 678; card 4111 1111 1111 1111.';
    expect(await runChecked(securityPiiDetect, { text })).toEqual({
      found: true,
      entities: [
        { type: 'email', value: 'maria.lopez@example.com', start: 8, end: 31 },
        { type: 'phone', value: '+34 612 345 678', start: 35, end: 50 },
        { type: 'credit_card', value: '4111 1111 1111 1111', start: 57, end: 76 },
      ],
      counts: { email: 1, phone: 1, credit_card: 1, iban: 0, ip_address: 0, ssn: 0 },
    });
  });

  it.each([
    ['plain', 'write to ana@example.com.', 'ana@example.com'],
    ['plus tag and subdomain', '<j.doe+billing@mail.example.co.uk>', 'j.doe+billing@mail.example.co.uk'],
    ['after a colon', 'E-mail:info@example.org', 'info@example.org'],
  ])('e-mail addresses: %s', async (_case, text, value) => {
    expect(await found(text)).toEqual([['email', value]]);
  });

  it('leaves out things that only look like e-mail addresses', async () => {
    expect(await found('user@localhost, @handle, a@b, name@example.')).toEqual([]);
  });

  it.each([
    ['international, spaced', 'Call +44 20 7946 0958 today', '+44 20 7946 0958'],
    ['US national with brackets', 'Call (415) 555-2671 today', '(415) 555-2671'],
    ['US national with dots', 'Call 415.555.2671 today', '415.555.2671'],
    ['E.164 compact', 'Call +14155552671 today', '+14155552671'],
  ])('phone numbers: %s', async (_case, text, value) => {
    expect(await found(text)).toEqual([['phone', value]]);
  });

  it('reads national phone formats of the region given', async () => {
    expect(await found('Appelez le 06 12 34 56 78.', { region: 'FR' })).toEqual([['phone', '06 12 34 56 78']]);
    expect(await found('Appelez le 06 12 34 56 78.')).toEqual([]);
  });

  it.each([
    ['Visa, spaced', '4111 1111 1111 1111'],
    ['Mastercard, dashed', '5500-0000-0000-0004'],
    ['Amex, compact', '378282246310005'],
  ])('payment cards: %s', async (_case, number) => {
    expect(await found(`Card ${number} on file.`)).toEqual([['credit_card', number]]);
  });

  it('rejects card-like numbers that fail the Luhn check', async () => {
    expect(await found('Order 4111 1111 1111 1112 shipped.', { types: ['credit_card'] })).toEqual([]);
  });

  it.each([
    ['German IBAN, spaced', 'DE89 3704 0044 0532 0130 00'],
    ['British IBAN, compact', 'GB82WEST12345698765432'],
  ])('IBANs: %s', async (_case, iban) => {
    expect(await found(`Pay to ${iban} by Friday.`)).toEqual([['iban', iban]]);
  });

  it('rejects an IBAN with wrong check digits', async () => {
    expect(await found('Pay to DE00 3704 0044 0532 0130 00.', { types: ['iban'] })).toEqual([]);
  });

  it('finds IPv4 and IPv6 addresses but not version numbers with out-of-range parts or times', async () => {
    expect(await found('Hosts 192.168.1.20, 2001:db8::ff00:42:8329 and fe80::1. Version 1.2.300.4 at 12:30:45.')).toEqual([
      ['ip_address', '192.168.1.20'],
      ['ip_address', '2001:db8::ff00:42:8329'],
      ['ip_address', 'fe80::1'],
    ]);
  });

  it('finds US social security numbers and skips invalid areas', async () => {
    expect(await found('SSN 123-45-6789, not 000-12-3456, not 666-12-3456, not 912-34-5678.', { types: ['ssn'] })).toEqual([['ssn', '123-45-6789']]);
  });

  it('reports overlapping candidates once, by the stronger kind', async () => {
    // The IBAN's digits could also read as a phone number.
    expect(await found('IBAN GB82WEST12345698765432')).toEqual([['iban', 'GB82WEST12345698765432']]);
  });

  it('finds nothing in a clean text', async () => {
    expect(await runChecked(securityPiiDetect, { text: 'The meeting moved to room 4B at 3 pm on 12/05.' })).toMatchObject({ found: false, entities: [] });
  });

  it('refuses an unknown phone region', async () => {
    await expect(securityPiiDetect.run({ text: 'x', region: 'XX' })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('scans half a megabyte of adversarial text quickly', async () => {
    for (const text of ['a@'.repeat(249_000), '1'.repeat(499_000), `${'a.'.repeat(240_000)}@`]) {
      const started = Date.now();
      await runChecked(securityPiiDetect, { text });
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });
});
