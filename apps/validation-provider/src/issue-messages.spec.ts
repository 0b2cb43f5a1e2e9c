import { describe, expect, it } from '@jest/globals';
import { issueMessage, issueMessages } from './issue-messages.js';

describe('issueMessage', () => {
  it('leads with the JSON Pointer, / for the document', () => {
    expect(issueMessage({ instancePath: '/a/0', keyword: 'type', message: 'must be string', params: {} })).toBe('/a/0 must be string');
    expect(issueMessage({ instancePath: '', keyword: 'type', message: 'must be object', params: {} })).toBe('/ must be object');
  });

  it('names the allowed values of an enum, a few of them', () => {
    const allowedValues = Array.from({ length: 12 }, (_, i) => `v${i}`);
    expect(issueMessage({ instancePath: '/c', keyword: 'enum', message: 'must be equal to one of the allowed values', params: { allowedValues } })).toBe(
      '/c must be equal to one of the allowed values: "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", …',
    );
  });

  it('says how many issues were left out', () => {
    const issue = { instancePath: '/x', keyword: 'type', message: 'must be string', params: {} };
    expect(issueMessages([issue, issue, issue], 5, 2)).toEqual(['/x must be string', '/x must be string', '(3 more errors not shown)']);
  });
});
