import { describe, expect, it } from '@jest/globals';
import { operationUrl } from './operation-url.js';

describe('operationUrl', () => {
  it.each([
    ['http://h:1', 'validate', 'http://h:1/validate'],
    ['http://h:1/', '/validate', 'http://h:1/validate'],
    ['http://h:1/api//', '//v1/x?y=1', 'http://h:1/api/v1/x?y=1'],
    ['http://h:1/api', '', 'http://h:1/api'],
  ])('joins %s and %s', (base, operation, expected) => {
    expect(operationUrl(base, operation)).toBe(expected);
  });
});
