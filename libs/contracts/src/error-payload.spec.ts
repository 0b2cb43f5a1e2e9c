import { describe, expect, it } from '@jest/globals';
import { ERROR_CODES, ERROR_TAXONOMY, statusOf } from './error-taxonomy.js';
import { ErrorPayload, httpStatusOf, toErrorPayload } from './error-payload.js';
import { InvalidRequestError, NotFoundError, ServiceError } from './service-error.js';

describe('error taxonomy', () => {
  it('gives each code its documented status (docs/http-api.md)', () => {
    expect(statusOf('invalid_request')).toBe(400);
    expect(statusOf('unauthorized')).toBe(401);
    expect(statusOf('safety_denied')).toBe(403);
    expect(statusOf('not_found')).toBe(404);
    expect(statusOf('method_not_allowed')).toBe(405);
    expect(statusOf('invalid_configuration')).toBe(409);
    expect(statusOf('conformance_unmet')).toBe(412);
    expect(statusOf('payload_too_large')).toBe(413);
    expect(statusOf('unsupported_media_type')).toBe(415);
    expect(statusOf('confirmation_required')).toBe(428);
    expect(statusOf('rate_limited')).toBe(429);
    expect(statusOf('upstream_failure')).toBe(502);
    expect(statusOf('gate_execution_failure')).toBe(503);
    expect(statusOf('step_timeout')).toBe(504);
    expect(statusOf('upstream_timeout')).toBe(504);
  });

  it('uses a distinct PascalCase type per code', () => {
    const types = ERROR_CODES.map((code) => ERROR_TAXONOMY[code].type);
    expect(new Set(types).size).toBe(types.length);
    for (const type of types) expect(type).toMatch(/^[A-Z][A-Za-z]+$/);
  });
});

describe('toErrorPayload', () => {
  it('renders a service error with its code, type, details and hint', () => {
    const error = new InvalidRequestError('Invalid inputs', { details: [{ path: 'inputs.text', message: 'Required' }], hint: 'Send text.' });
    const payload = toErrorPayload(error, 'trace-1');
    expect(payload).toEqual({
      error: { code: 'invalid_request', message: 'Invalid inputs', type: 'InvalidRequestError', details: [{ path: 'inputs.text', message: 'Required' }], hint: 'Send text.' },
      trace_id: 'trace-1',
    });
    expect(ErrorPayload.parse(payload)).toEqual(payload);
    expect(httpStatusOf(error)).toBe(400);
  });

  it('hides unexpected errors behind a fixed internal_error message', () => {
    const error = new TypeError('Cannot read properties of undefined at /srv/app/engine.js:10');
    const payload = toErrorPayload(error, null);
    expect(payload).toEqual({ error: { code: 'internal_error', message: 'Internal server error.', type: 'InternalError' }, trace_id: null });
    expect(JSON.stringify(payload)).not.toContain('/srv');
    expect(httpStatusOf(error)).toBe(500);
    expect(httpStatusOf('a string')).toBe(500);
  });

  it('keeps the class name stable for logs', () => {
    expect(new NotFoundError('x').name).toBe('NotFoundError');
    expect(new ServiceError('step_timeout', 'x').name).toBe('StepTimeoutError');
    expect(new ServiceError('step_timeout', 'x').status).toBe(504);
  });
});
