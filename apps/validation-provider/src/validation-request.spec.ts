import { describe, expect, it } from '@jest/globals';
import { parseValidationRequest } from './validation-request.js';

describe('parseValidationRequest', () => {
  it('returns data and schema, ignoring other fields', () => {
    expect(parseValidationRequest({ data: { a: 1 }, schema: {}, note: 'x' })).toEqual({ data: { a: 1 }, schema: {} });
  });

  it('treats null as absent', () => {
    expect(parseValidationRequest({ data: null, schema: null })).toEqual({ error: 'missing required fields: data, schema' });
  });

  it('explains a missing body', () => {
    expect(parseValidationRequest(undefined)).toEqual({ error: 'request body must be a JSON object with "data" and "schema"' });
  });
});
