import { describe, expect, it } from '@jest/globals';
import { UpstreamFailureError } from '@skill-service/contracts';
import { isRedirect, nextHop, type Hop } from './redirect-hop.js';

const post: Hop = {
  method: 'POST',
  url: new URL('https://api.example.com/v1/op'),
  headers: { authorization: 'Bearer t', 'x-api-key': 'k', 'content-type': 'application/json', accept: 'application/json' },
  body: '{"a":1}',
};

describe('isRedirect', () => {
  it('needs a redirect status and a Location', () => {
    expect(isRedirect(302, '/x')).toBe(true);
    expect(isRedirect(308, 'https://b/')).toBe(true);
    expect(isRedirect(302, undefined)).toBe(false);
    expect(isRedirect(304, '/x')).toBe(false);
    expect(isRedirect(300, '/x')).toBe(false);
  });
});

describe('nextHop', () => {
  it('resolves a relative Location against the current URL and drops the fragment', () => {
    expect(nextHop(post, 307, '../v2/op?x=1#frag').url.href).toBe('https://api.example.com/v2/op?x=1');
  });

  it('turns 303, and 301/302 after POST, into a body-less GET', () => {
    for (const status of [301, 302, 303]) {
      const hop = nextHop(post, status, '/next');
      expect(hop).toMatchObject({ method: 'GET', body: undefined });
      expect(hop.headers['content-type']).toBeUndefined();
    }
    expect(nextHop({ ...post, method: 'PUT' }, 302, '/next').method).toBe('PUT');
    expect(nextHop({ ...post, method: 'HEAD', body: undefined }, 303, '/next').method).toBe('HEAD');
  });

  it('keeps method, body and all headers on a same-origin 307/308', () => {
    const hop = nextHop(post, 308, '/moved');
    expect(hop).toMatchObject({ method: 'POST', body: '{"a":1}', headers: post.headers });
  });

  it('drops every header that could carry a credential when the origin changes', () => {
    for (const location of ['https://other.example.com/op', 'http://api.example.com/v1/op', 'https://api.example.com:8443/op']) {
      expect(nextHop(post, 307, location).headers).toEqual({ 'content-type': 'application/json', accept: 'application/json' });
    }
  });

  it('reads a UTF-8 Location that Node handed over as latin1', () => {
    const latin1 = Buffer.from('/caf\u00e9', 'utf8').toString('latin1');
    expect(nextHop(post, 302, latin1).url.pathname).toBe('/caf%C3%A9');
  });

  it('reports an unusable Location as an upstream failure', () => {
    expect(() => nextHop(post, 302, 'http://[bad')).toThrow(UpstreamFailureError);
  });
});
