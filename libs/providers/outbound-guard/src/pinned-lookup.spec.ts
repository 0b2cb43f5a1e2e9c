import { describe, expect, it } from '@jest/globals';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { CheckedDestination } from './outbound-guard.js';
import { pinnedLookup } from './pinned-lookup.js';

const destination: CheckedDestination = {
  url: new URL('http://api.example.com/'),
  host: 'api.example.com',
  port: 80,
  addresses: [
    { address: '93.184.216.34', family: 4 },
    { address: '2606:2800:220:1::1', family: 6 },
  ],
};

function lookup(hostname: string, options: LookupOptions) {
  return new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
    pinnedLookup(destination)(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('pinnedLookup', () => {
  it('answers with the checked addresses only', async () => {
    expect(await lookup('api.example.com', {})).toMatchObject({ error: null, address: '93.184.216.34', family: 4 });
    expect(await lookup('API.example.com.', { all: true })).toMatchObject({ address: destination.addresses });
    expect(await lookup('api.example.com', { family: 6 })).toMatchObject({ address: '2606:2800:220:1::1', family: 6 });
    expect(await lookup('api.example.com', { family: 'IPv4', all: true })).toMatchObject({
      address: [{ address: '93.184.216.34', family: 4 }],
    });
  });

  it('refuses to resolve any other host name', async () => {
    const { error } = await lookup('evil.example.com', {});
    expect(error?.code).toBe('ENOTFOUND');
  });

  it('fails when no checked address has the requested family', async () => {
    const v4only = { ...destination, addresses: [{ address: '93.184.216.34', family: 4 }] };
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      pinnedLookup(v4only)('api.example.com', { family: 6 }, (e) => resolve(e)),
    );
    expect(error?.code).toBe('ENOTFOUND');
  });
});
