import { describe, expect, it } from '@jest/globals';
import type { ServiceDescriptor } from '@skill-service/contracts';
import { outboundHeaders } from './outbound-headers.js';

function serviceDescriptor(overrides: Partial<ServiceDescriptor> = {}): ServiceDescriptor {
  return { id: 'svc', protocol: 'openapi', headers: {}, args: [], metadata: {}, ...overrides };
}

describe('outboundHeaders', () => {
  const env = { TOKEN: 't0k-secret', TENANT: 'acme' };

  it('lower-cases names, lets binding headers win and auth win over both', () => {
    const service = serviceDescriptor({ headers: { 'X-A': 'a', Authorization: 'plain' }, auth: { type: 'bearer', token: '${TOKEN}' } });
    expect(outboundHeaders(service, { 'x-a': 'b', 'X-Tenant': '${TENANT}' }, env)).toEqual({
      headers: { 'x-a': 'b', 'x-tenant': 'acme', authorization: 'Bearer t0k-secret' },
      secrets: ['acme', 't0k-secret'],
    });
  });

  it('counts basic credentials as secrets, encoded too', () => {
    const { headers, secrets } = outboundHeaders(serviceDescriptor({ auth: { type: 'basic', username: 'u', password: '${TOKEN}' } }), {}, env);
    const encoded = Buffer.from('u:t0k-secret').toString('base64');
    expect(headers).toEqual({ authorization: `Basic ${encoded}` });
    expect(secrets).toEqual(['u', 't0k-secret', encoded]);
  });

  it('names every unset variable and never a value', () => {
    const service = serviceDescriptor({ auth: { type: 'bearer', token: '${A_TOKEN}-${TOKEN}-${B_TOKEN}' } });
    expect(() => outboundHeaders(service, {}, env)).toThrow(
      expect.objectContaining({ code: 'invalid_configuration', message: 'Environment variables A_TOKEN, B_TOKEN are not set.' }),
    );
  });

  it('refuses an auth block without its secret', () => {
    expect(() => outboundHeaders(serviceDescriptor({ auth: { type: 'api_key' } }), {}, env)).toThrow(
      expect.objectContaining({ code: 'invalid_configuration', message: "Service 'svc' has auth type 'api_key' but no token." }),
    );
  });
});
