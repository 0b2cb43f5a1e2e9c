import { describe, expect, it } from '@jest/globals';
import { isMetadataAddress, isPublicAddress, parseIpAddress } from './ip-address-policy.js';

const parse = (text: string) => {
  const address = parseIpAddress(text);
  if (address === undefined) throw new Error(`not an address: ${text}`);
  return address;
};

describe('parseIpAddress', () => {
  it('accepts canonical IPv4, IPv6 (bracketed or with a zone) and unwraps IPv4-mapped IPv6', () => {
    expect(parse('10.0.0.1').toString()).toBe('10.0.0.1');
    expect(parse('[::1]').kind()).toBe('ipv6');
    expect(parse('fe80::1%eth0').kind()).toBe('ipv6');
    const mapped = parse('::ffff:7f00:1');
    expect(mapped.kind()).toBe('ipv4');
    expect(mapped.toString()).toBe('127.0.0.1');
  });

  it('rejects non-canonical IPv4 spellings and non-addresses', () => {
    for (const text of ['0x7f.1', '127.1', '2130706433', '010.0.0.1', 'localhost', '', '1.2.3.4.5']) {
      expect(parseIpAddress(text)).toBeUndefined();
    }
  });
});

describe('isPublicAddress', () => {
  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700::1111',
    '2a00:1450:4001:800::200e',
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
  ])('%s is public', (text) => {
    expect(isPublicAddress(parse(text))).toBe(true);
  });

  it.each([
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['100.100.100.200', 'metadata'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd00::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2002:a00:1::1', '6to4 tunnel'],
    ['2001::1', 'Teredo tunnel'],
    ['64:ff9b::a00:1', 'NAT64 of a private IPv4'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['::a00:1', 'IPv4-compatible (deprecated)'],
    ['100::1', 'discard'],
    ['fec0::1', 'site-local (deprecated)'],
  ])('%s is not public (%s)', (text) => {
    expect(isPublicAddress(parse(text))).toBe(false);
  });
});

describe('isMetadataAddress', () => {
  it('knows the cloud metadata and credential endpoints, in any spelling', () => {
    for (const text of ['169.254.169.254', '100.100.100.200', 'fd00:ec2::254', 'fd00:ec2:0:0:0:0:0:254', '::ffff:a9fe:a9fe', '169.254.170.2']) {
      expect(isMetadataAddress(parse(text))).toBe(true);
    }
    expect(isMetadataAddress(parse('169.254.169.253'))).toBe(false);
  });
});
