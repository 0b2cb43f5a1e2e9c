import { describe, expect, it } from '@jest/globals';
import { InvalidConfigurationError, ServiceError } from '@skill-service/contracts';
import { OutboundBlockedError, type OutboundBlockReason } from './outbound-blocked-error.js';
import { OutboundGuard, type HostResolver, type ResolvedAddress } from './outbound-guard.js';

/** A resolver answering from a table; anything else is NXDOMAIN (this machine has no network). */
function fakeResolver(table: Record<string, ResolvedAddress[]>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const answer = table[hostname];
    if (answer === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answer;
  };
  return Object.assign(resolve, { calls });
}

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

async function blockReason(guard: OutboundGuard, url: string): Promise<OutboundBlockReason | 'passed'> {
  try {
    await guard.checkUrl(url);
    return 'passed';
  } catch (error) {
    if (error instanceof OutboundBlockedError) return error.reason;
    throw error;
  }
}

describe('OutboundGuard.checkUrl', () => {
  // The default (system) resolver is used: IP literals never reach it.
  const guard = new OutboundGuard();

  it.each([
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://127.0.0.1/',
    'http://127.1.2.3/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.100.100.200/',
    'http://[fd00::1]/',
    'http://[fd00:ec2::254]/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[ff02::1]/',
    'http://[2001:db8::1]/',
    'http://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
    'http://0.0.0.0/',
    'http://0/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://240.0.0.1/',
    'http://192.0.2.1/',
    'http://2130706433/', // decimal 127.0.0.1
    'http://0x7f.1/', // hex 127.0.0.1
    'http://0x7f000001/',
    'http://017700000001/', // octal 127.0.0.1
    'http://127.1/',
    'https://10.0.0.1:8443/x?y=1',
  ])('blocks %s as a non-public address', async (url) => {
    await expect(blockReason(guard, url)).resolves.toBe('blocked_address');
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/', 'gopher://127.0.0.1:6379/_', 'data:text/plain,hi', 'ws://example.com/'])(
    'refuses the scheme of %s',
    async (url) => {
      await expect(blockReason(guard, url)).resolves.toBe('scheme');
    },
  );

  it.each(['http://user:pass@example.com/', 'http://user@example.com/', 'https://:secret@93.184.216.34/'])(
    'refuses credentials in %s before resolving anything',
    async (url) => {
      const resolve = fakeResolver({});
      await expect(blockReason(new OutboundGuard({ resolve }), url)).resolves.toBe('credentials');
      expect(resolve.calls).toEqual([]);
    },
  );

  it.each(['not a url', 'http://', 'http://exa mple.com/', ''])('refuses the unparseable %j', async (url) => {
    await expect(blockReason(guard, url)).resolves.toBe('invalid_url');
  });

  it('blocks a host name that really resolves to loopback (localhost, system resolver)', async () => {
    await expect(blockReason(guard, 'http://localhost:8080/')).resolves.toBe('blocked_address');
    await expect(blockReason(guard, 'http://LOCALHOST./')).resolves.toBe('blocked_address');
  });

  it('allows public IP literals without any DNS', async () => {
    const resolve = fakeResolver({});
    const strict = new OutboundGuard({ resolve });
    const checked = await strict.checkUrl('http://93.184.216.34/path?q=1');
    expect(checked).toMatchObject({ host: '93.184.216.34', port: 80, addresses: [{ address: '93.184.216.34', family: 4 }] });
    expect(checked.url.href).toBe('http://93.184.216.34/path?q=1');
    await expect(strict.checkUrl('https://[2606:4700::1111]:8443/')).resolves.toMatchObject({
      host: '2606:4700::1111',
      port: 8443,
      addresses: [{ address: '2606:4700::1111', family: 6 }],
    });
    await expect(strict.checkUrl('http://[64:ff9b::5db8:d822]/')).resolves.toBeDefined(); // NAT64 of a public IPv4
    expect(resolve.calls).toEqual([]);
  });

  it('checks every resolved address: one private answer among public ones blocks', async () => {
    const resolve = fakeResolver({
      'public.test': [v4('93.184.216.34'), v6('2606:4700::1111')],
      'mixed.test': [v4('93.184.216.34'), v4('10.0.0.7')],
      'mapped.test': [v6('::ffff:192.168.0.1')],
      'metadata.test': [v4('169.254.169.254')],
    });
    const dnsGuard = new OutboundGuard({ resolve });
    await expect(dnsGuard.checkUrl('https://public.test/')).resolves.toMatchObject({
      host: 'public.test',
      port: 443,
      addresses: [v4('93.184.216.34'), v6('2606:4700::1111')],
    });
    await expect(blockReason(dnsGuard, 'https://mixed.test/')).resolves.toBe('blocked_address');
    await expect(blockReason(dnsGuard, 'https://mapped.test/')).resolves.toBe('blocked_address');
    await expect(blockReason(dnsGuard, 'https://metadata.test/')).resolves.toBe('blocked_address');
  });

  it('reports an unresolvable or empty answer as unresolvable', async () => {
    const dnsGuard = new OutboundGuard({ resolve: fakeResolver({ 'empty.test': [] }) });
    await expect(blockReason(dnsGuard, 'http://nowhere.test/')).resolves.toBe('unresolvable');
    await expect(blockReason(dnsGuard, 'http://empty.test/')).resolves.toBe('unresolvable');
  });

  it('refuses an address the resolver returns in a non-canonical form', async () => {
    const dnsGuard = new OutboundGuard({ resolve: fakeResolver({ 'odd.test': [v4('0x7f.1')] }) });
    await expect(blockReason(dnsGuard, 'http://odd.test/')).resolves.toBe('blocked_address');
  });

  it('is a ServiceError (invalid_configuration) whose message names host and reason, not addresses or URL secrets', async () => {
    const dnsGuard = new OutboundGuard({ resolve: fakeResolver({ 'internal.test': [v4('10.1.2.3')] }) });
    const error = await dnsGuard.checkUrl('http://internal.test/hook?token=s3cret', 'Webhook URL').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect(error).toBeInstanceOf(InvalidConfigurationError);
    expect(error).toBeInstanceOf(ServiceError);
    const blocked = error as OutboundBlockedError;
    expect(blocked.code).toBe('invalid_configuration');
    expect(blocked.status).toBe(409);
    expect(blocked.reason).toBe('blocked_address');
    expect(blocked.message).toMatch(/^Webhook URL to internal\.test blocked: .*private/);
    expect(blocked.message).not.toContain('10.1.2.3');
    expect(blocked.message).not.toContain('s3cret');

    const credentials = (await guard.checkUrl('http://alice:hunter2@example.com/').catch((e: unknown) => e)) as Error;
    expect(credentials.message).not.toMatch(/alice|hunter2/);
  });

  it('does not let the caller mutate the checked URL afterwards', async () => {
    const input = new URL('http://93.184.216.34/');
    const checked = await guard.checkUrl(input);
    input.hostname = '10.0.0.1';
    expect(checked.url.hostname).toBe('93.184.216.34');
  });
});

describe('OutboundGuard allow-list', () => {
  it('an ip:port entry opens that port only', async () => {
    const guard = new OutboundGuard({ allow: ['127.0.0.1:8080'] });
    await expect(blockReason(guard, 'http://127.0.0.1:8080/')).resolves.toBe('passed');
    await expect(blockReason(guard, 'http://0x7f000001:8080/')).resolves.toBe('passed');
    await expect(blockReason(guard, 'http://127.0.0.1:8081/')).resolves.toBe('blocked_address');
    await expect(blockReason(guard, 'http://127.0.0.1/')).resolves.toBe('blocked_address');
  });

  it('default ports count: `10.0.0.5:443` opens https://10.0.0.5/ but not http://10.0.0.5/', async () => {
    const guard = new OutboundGuard({ allow: ['10.0.0.5:443'] });
    await expect(blockReason(guard, 'https://10.0.0.5/')).resolves.toBe('passed');
    await expect(blockReason(guard, 'http://10.0.0.5/')).resolves.toBe('blocked_address');
  });

  it('a CIDR opens its range on any port, IPv6 included', async () => {
    const guard = new OutboundGuard({ allow: ['10.20.0.0/16', '::1/128', 'fd12::/16'] });
    await expect(blockReason(guard, 'http://10.20.3.4:9000/')).resolves.toBe('passed');
    await expect(blockReason(guard, 'http://10.21.0.1/')).resolves.toBe('blocked_address');
    await expect(blockReason(guard, 'http://[::1]:3000/')).resolves.toBe('passed');
    await expect(blockReason(guard, 'http://[fd12::5]/')).resolves.toBe('passed');
    await expect(blockReason(guard, 'http://[fd13::5]/')).resolves.toBe('blocked_address');
  });

  it('a host entry opens whatever that name resolves to, and only for that name', async () => {
    const resolve = fakeResolver({
      'validator.internal': [v4('10.0.0.9'), v6('fd00::9')],
      'other.internal': [v4('10.0.0.9')],
    });
    const guard = new OutboundGuard({ allow: ['Validator.Internal:9000'], resolve });
    await expect(blockReason(guard, 'http://validator.internal:9000/v1')).resolves.toBe('passed');
    await expect(blockReason(guard, 'http://validator.internal.:9000/v1')).resolves.toBe('passed');
    await expect(blockReason(guard, 'http://validator.internal:9001/v1')).resolves.toBe('blocked_address');
    await expect(blockReason(guard, 'http://other.internal:9000/')).resolves.toBe('blocked_address');
    await expect(blockReason(guard, 'http://10.0.0.9:9000/')).resolves.toBe('blocked_address');
  });

  it('metadata addresses stay blocked under a covering CIDR or host entry; only an exact entry opens one', async () => {
    const resolve = fakeResolver({ 'imds.internal': [v4('169.254.169.254')] });
    const broad = new OutboundGuard({ allow: ['169.254.0.0/16', '100.64.0.0/10', 'fd00::/8', 'imds.internal'], resolve });
    await expect(blockReason(broad, 'http://169.254.169.254/')).resolves.toBe('blocked_address');
    await expect(blockReason(broad, 'http://[::ffff:169.254.169.254]/')).resolves.toBe('blocked_address');
    await expect(blockReason(broad, 'http://100.100.100.200/')).resolves.toBe('blocked_address');
    await expect(blockReason(broad, 'http://[fd00:ec2::254]/')).resolves.toBe('blocked_address');
    await expect(blockReason(broad, 'http://imds.internal/')).resolves.toBe('blocked_address');
    await expect(blockReason(broad, 'http://169.254.1.1/')).resolves.toBe('passed');
    await expect(blockReason(broad, 'http://[fd00::1]/')).resolves.toBe('passed');

    const exact = new OutboundGuard({ allow: ['169.254.169.254', '[fd00:ec2::254]:80', '100.100.100.200/32'] });
    await expect(blockReason(exact, 'http://169.254.169.254/')).resolves.toBe('passed');
    await expect(blockReason(exact, 'http://[fd00:ec2::254]/')).resolves.toBe('passed');
    await expect(blockReason(exact, 'http://[fd00:ec2::254]:8080/')).resolves.toBe('blocked_address');
    await expect(blockReason(exact, 'http://100.100.100.200/')).resolves.toBe('passed');
  });

  it('allow entries never open a refused scheme or credentials', async () => {
    const guard = new OutboundGuard({ allow: ['127.0.0.1'] });
    await expect(blockReason(guard, 'ftp://127.0.0.1/')).resolves.toBe('scheme');
    await expect(blockReason(guard, 'http://u:p@127.0.0.1/')).resolves.toBe('credentials');
  });

  it.each(['', 'http://example.com', 'example.com/path', 'host:0', 'host:70000', 'host:port', '10.0.0.0/33', '10.0.0.1/8x', 'user@host', '[example.com]:80', '[::1', '0x7f.1/8'])(
    'rejects the malformed entry %j at construction',
    (entry) => {
      expect(() => new OutboundGuard({ allow: [entry] })).toThrow(InvalidConfigurationError);
    },
  );
});
