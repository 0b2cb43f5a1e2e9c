import { describe, expect, it } from '@jest/globals';
import { closestName } from './closest-name.js';

describe('closestName', () => {
  it('finds the known name a slip meant: a letter off, a swapped pair, another case', () => {
    expect(closestName('strin', ['string', 'number', 'integer'])).toBe('string');
    expect(closestName('inptu', ['id', 'uses', 'input', 'output'])).toBe('input');
    expect(closestName('Timeout_Seconds', ['timeout_seconds', 'retry'])).toBe('timeout_seconds');
  });

  it('suggests nothing far off, nothing for a short name two edits away, and nothing for a known name', () => {
    expect(closestName('fallback', ['fallback_binding_id', 'metadata'])).toBeUndefined();
    expect(closestName('as', ['id'])).toBeUndefined();
    expect(closestName('input', ['input', 'inputs'])).toBeUndefined();
  });
});
