import { describe, expect, it } from '@jest/globals';
import { outboundHeaders } from './outbound-headers.js';
import { service } from './test-servers/provider-calls.js';

describe('outboundHeaders', () => {
  const env = { TOKEN: 't0k', TENANT: 'acme' };

  it('sends a bearer token and the descriptor headers, placeholders resolved', () => {
    const descriptor = service({ auth: { type: 'bearer', token: '${TOKEN}' }, headers: { 'X-Tenant': '${TENANT}-eu' } });
    expect(outboundHeaders(descriptor, env)).toEqual({ 'X-Tenant': 'acme-eu', Authorization: 'Bearer t0k' });
  });

  it('sends an api key in the named header, X-API-Key by default', () => {
    expect(outboundHeaders(service({ auth: { type: 'api_key', token: '${TOKEN}' } }), env)).toEqual({ 'X-API-Key': 't0k' });
    expect(outboundHeaders(service({ auth: { type: 'api_key', token: 'k', header: 'X-Key' } }), env)).toEqual({ 'X-Key': 'k' });
  });

  it('sends basic credentials', () => {
    expect(outboundHeaders(service({ auth: { type: 'basic', username: 'u', password: '${TOKEN}' } }), env)).toEqual({
      Authorization: `Basic ${Buffer.from('u:t0k').toString('base64')}`,
    });
  });

  it('names every unset variable and never a value', () => {
    const descriptor = service({ auth: { type: 'bearer', token: '${A_TOKEN}-${TOKEN}-${B_TOKEN}' } });
    expect(() => outboundHeaders(descriptor, env)).toThrow(
      expect.objectContaining({ code: 'invalid_configuration', message: 'Environment variables A_TOKEN, B_TOKEN are not set.' }),
    );
  });

  it('refuses an auth block without its secret', () => {
    expect(() => outboundHeaders(service({ auth: { type: 'bearer' } }), env)).toThrow(expect.objectContaining({ code: 'invalid_configuration' }));
  });
});
