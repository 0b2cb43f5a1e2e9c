import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { AllowList, canonicalHost } from './allow-list.js';
import { isPublicAddress, parseIpAddress } from './ip-address-policy.js';
import { OutboundBlockedError } from './outbound-blocked-error.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (the guard checks them all). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundGuardOptions {
  /** Operator exceptions: `host`, `host:port`, `ip`, `ip:port`, `[v6]:port` or a CIDR. */
  allow?: readonly string[];
  /** Defaults to the system resolver (`dns.lookup`, all addresses, resolver order). */
  resolve?: HostResolver;
}

/** A destination that passed the guard; connect to `addresses` only, never re-resolve. */
export interface CheckedDestination {
  url: URL;
  /** The URL's host name without IPv6 brackets, as the guard compared it. */
  host: string;
  /** The effective port (the scheme's default when the URL has none). */
  port: number;
  addresses: ResolvedAddress[];
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * The SSRF guard shared by every outbound path (openapi, openrpc, webhooks, web.page.fetch):
 * http/https only, no credentials in URLs, and every address the host resolves to must be public
 * or explicitly allow-listed. Callers must connect to the returned addresses (see
 * `GuardedHttpClient`), so a second DNS answer can never sneak a private address in.
 */
export class OutboundGuard {
  private readonly allowList: AllowList;
  private readonly resolve: HostResolver;

  constructor(options: OutboundGuardOptions = {}) {
    this.allowList = new AllowList(options.allow);
    this.resolve = options.resolve ?? systemResolver;
  }

  async checkUrl(input: string | URL, purpose?: string): Promise<CheckedDestination> {
    let url: URL;
    try {
      // Copy a URL object too: the caller must not be able to mutate what was checked.
      url = new URL(typeof input === 'string' ? input : input.href);
    } catch (error) {
      throw new OutboundBlockedError('invalid_url', undefined, purpose, error);
    }
    const bareHost = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const port = DEFAULT_PORTS[url.protocol];
    if (port === undefined) throw new OutboundBlockedError('scheme', bareHost || undefined, purpose);
    if (url.username !== '' || url.password !== '') throw new OutboundBlockedError('credentials', bareHost, purpose);
    if (bareHost === '') throw new OutboundBlockedError('invalid_url', undefined, purpose);

    const host = canonicalHost(bareHost);
    const effectivePort = url.port === '' ? port : Number(url.port);
    const addresses = await this.addressesOf(host, purpose);

    for (const { address: text } of addresses) {
      const address = parseIpAddress(text);
      const passes =
        address !== undefined && (isPublicAddress(address) || this.allowList.allows(host, effectivePort, address));
      if (!passes) throw new OutboundBlockedError('blocked_address', host, purpose);
    }
    return { url, host: bareHost, port: effectivePort, addresses };
  }

  private async addressesOf(host: string, purpose: string | undefined): Promise<ResolvedAddress[]> {
    // IP literals (already normalised by URL parsing, e.g. `0x7f.1` → 127.0.0.1) need no DNS.
    const family = isIP(host);
    if (family !== 0) return [{ address: host, family }];
    let resolved: ResolvedAddress[];
    try {
      resolved = await this.resolve(host);
    } catch (error) {
      throw new OutboundBlockedError('unresolvable', host, purpose, error);
    }
    if (resolved.length === 0) throw new OutboundBlockedError('unresolvable', host, purpose);
    const seen = new Set<string>();
    return resolved.filter(({ address }) => !seen.has(address) && seen.add(address));
  }
}
