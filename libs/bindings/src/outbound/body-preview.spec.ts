import { describe, expect, it } from '@jest/globals';
import { bodyPreview } from './body-preview.js';

describe('bodyPreview', () => {
  it('collapses whitespace and control characters and cuts to 180 characters', () => {
    const preview = bodyPreview(Buffer.from(`a\n\n\tb\u0000c ${'word '.repeat(100)}`));
    expect(preview.startsWith('a b c word')).toBe(true);
    expect(preview).toHaveLength(180);
    expect(preview.endsWith('…')).toBe(true);
  });

  it('masks configured secrets and credential-looking fields', () => {
    expect(bodyPreview('bad key abcd1234 for tenant', ['abcd1234'])).toBe('bad key *** for tenant');
    expect(bodyPreview('{"api_key": "k-999", "password":"hunter2"} Authorization: Bearer eyJhbGciOi')).toBe(
      '{"api_key": "***", "password":"***"} Authorization: ***',
    );
  });

  it('leaves short secrets alone (they would mask ordinary words)', () => {
    expect(bodyPreview('a b c', ['b'])).toBe('a b c');
  });
});
