import { describe, expect, it } from '@jest/globals';
import { ProxyTrust, clientKeyOf, clientOrigin, normalizeAddress } from './client-address.js';

describe('normalizeAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:10.1.2.3', '10.1.2.3'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['203.0.113.7:8080', '203.0.113.7'],
    ['fe80::1%eth0', 'fe80::1'],
    [' 2001:DB8::A ', '2001:db8::a'],
  ])('%s → %s', (raw, normalized) => {
    expect(normalizeAddress(raw)).toBe(normalized);
  });

  it.each(['unknown', '', '999.1.1.1', 'example.com', '1.2.3', '_hidden'])('refuses %j', (raw) => {
    expect(normalizeAddress(raw)).toBeUndefined();
  });
});

describe('clientKeyOf', () => {
  it('keeps IPv4 addresses and folds IPv6 to its /64', () => {
    expect(clientKeyOf('198.51.100.9')).toBe('198.51.100.9');
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});

describe('ProxyTrust', () => {
  it('matches addresses and CIDR ranges of both families', () => {
    const trust = ProxyTrust.parse(['10.0.0.0/8', '192.0.2.1', '2001:db8::/32', '::1']);
    expect(trust.trusts('10.20.30.40')).toBe(true);
    expect(trust.trusts('::ffff:10.0.0.1')).toBe(true);
    expect(trust.trusts('192.0.2.1')).toBe(true);
    expect(trust.trusts('192.0.2.2')).toBe(false);
    expect(trust.trusts('2001:db8:ffff::1')).toBe(true);
    expect(trust.trusts('::1')).toBe(true);
    expect(trust.trusts('not-an-ip')).toBe(false);
    expect(ProxyTrust.none().trusts('127.0.0.1')).toBe(false);
  });

  it.each(['10.0.0.0/33', 'localhost', '10.0.0.0/x', '::1/129', '1.2.3.4/-1'])('refuses %j', (entry) => {
    expect(() => ProxyTrust.parse([entry])).toThrow(entry);
  });
});

describe('clientOrigin', () => {
  const trust = ProxyTrust.parse(['127.0.0.1', '10.0.0.0/8']);

  it('ignores X-Forwarded-For from a peer that is not trusted', () => {
    expect(clientOrigin('198.51.100.9', ['1.2.3.4'], trust)).toEqual({ peer: '198.51.100.9', address: '198.51.100.9', viaTrustedProxy: false });
  });

  it('walks X-Forwarded-For right to left, skipping trusted hops', () => {
    expect(clientOrigin('::ffff:127.0.0.1', ['6.6.6.6, 203.0.113.7, 10.1.1.1'], trust)).toEqual({ peer: '127.0.0.1', address: '203.0.113.7', viaTrustedProxy: true });
    // Several header lines count as one list.
    expect(clientOrigin('127.0.0.1', ['6.6.6.6', '203.0.113.7', '10.1.1.1'], trust).address).toBe('203.0.113.7');
  });

  it('stops at a malformed hop, keeping the last trusted address', () => {
    expect(clientOrigin('127.0.0.1', ['203.0.113.7, garbage, 10.1.1.1'], trust).address).toBe('10.1.1.1');
    expect(clientOrigin('127.0.0.1', ['garbage'], trust).address).toBe('127.0.0.1');
  });

  it('answers the leftmost hop when every hop is trusted, and the peer without the header', () => {
    expect(clientOrigin('127.0.0.1', ['10.0.0.5, 10.0.0.6'], trust).address).toBe('10.0.0.5');
    expect(clientOrigin('127.0.0.1', undefined, trust).address).toBe('127.0.0.1');
    expect(clientOrigin(undefined, undefined, trust)).toEqual({ peer: 'unknown', address: 'unknown', viaTrustedProxy: false });
  });
});
