import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { canonicalHost } from './allow-list.js';
import type { CheckedDestination } from './outbound-guard.js';

/**
 * A `lookup` for the socket layer that answers with the addresses the guard already checked and
 * nothing else: no second DNS query, so no rebinding window between check and connect. Node skips
 * `lookup` for IP-literal hosts; those were checked as literals.
 */
export function pinnedLookup(destination: CheckedDestination): LookupFunction {
  const expectedHost = canonicalHost(destination.host);
  return (hostname: string, options: LookupOptions, callback) => {
    const fail = (message: string, code: string) => {
      const error: NodeJS.ErrnoException = Object.assign(new Error(message), { code, hostname });
      process.nextTick(() => callback(error, ''));
    };
    if (canonicalHost(hostname) !== expectedHost) {
      // Never resolve something the guard did not check.
      return fail('lookup for an unchecked host', 'ENOTFOUND');
    }
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const candidates: LookupAddress[] = destination.addresses.filter(
      (entry) => family === undefined || family === 0 || entry.family === family,
    );
    const first = candidates[0];
    if (first === undefined) return fail('no checked address of the requested family', 'ENOTFOUND');
    // Node 20's happy-eyeballs connect asks for `all`; plain connects want one address.
    process.nextTick(() => (options.all ? callback(null, candidates) : callback(null, first.address, first.family)));
  };
}
