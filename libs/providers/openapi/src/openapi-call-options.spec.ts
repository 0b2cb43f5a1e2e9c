import { describe, expect, it } from '@jest/globals';
import { openApiCallOptions } from './openapi-call-options.js';
import { bindingDefinition, serviceDescriptor } from './testing/provider-calls.js';

describe('openApiCallOptions', () => {
  it('has the documented defaults', () => {
    expect(openApiCallOptions(bindingDefinition(), serviceDescriptor())).toEqual({
      method: 'POST',
      responseMode: 'json',
      timeoutMs: undefined,
      headers: {},
      retryCount: 3,
      backoffBaseMs: 1000,
      backoffFactor: 2,
      maxRequestBytes: 10 * 1024 * 1024,
      maxResponseBytes: 10 * 1024 * 1024,
    });
  });

  it('prefers the binding metadata, then the descriptor', () => {
    const service = serviceDescriptor({ timeout_seconds: 20, metadata: { retry_count: 1, max_response_bytes: 2048 } });
    const binding = bindingDefinition({ metadata: { method: 'get', response_mode: 'TEXT', timeout_seconds: 2.5, retry_count: 0 } });
    expect(openApiCallOptions(binding, service)).toMatchObject({ method: 'GET', responseMode: 'text', timeoutMs: 2500, retryCount: 0, maxResponseBytes: 2048 });
    expect(openApiCallOptions(bindingDefinition(), service)).toMatchObject({ timeoutMs: 20000, retryCount: 1 });
  });

  it.each([
    [{ method: 'FETCH' }, 'metadata.method'],
    [{ retry_count: 1.5 }, 'metadata.retry_count'],
    [{ retry_count: -1 }, 'metadata.retry_count'],
    [{ timeout_seconds: 0 }, 'metadata.timeout_seconds'],
    [{ max_response_bytes: '1MB' }, 'metadata.max_response_bytes'],
    [{ headers: ['X-A'] }, 'metadata.headers'],
    [{ headers: { 'X-A': { nested: true } } }, 'metadata.headers.X-A'],
  ])('refuses %j with 409 naming the key', (metadata, key) => {
    expect(() => openApiCallOptions(bindingDefinition({ id: 'b1', metadata }), serviceDescriptor())).toThrow(
      expect.objectContaining({ code: 'invalid_configuration', message: expect.stringContaining(`Binding 'b1' has an invalid ${key}:`) }),
    );
  });
});
