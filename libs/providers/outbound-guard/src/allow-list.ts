import { InvalidConfigurationError } from '@skill-service/contracts';
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';
import { isMetadataAddress, parseIpAddress, sameAddress, type IpAddress } from './ip-address-policy.js';

type AllowEntry =
  | { kind: 'host'; host: string; port: number | undefined }
  | { kind: 'ip'; address: IpAddress; port: number | undefined }
  | { kind: 'cidr'; range: [IpAddress, number] };

/**
 * The operator's explicit exceptions to the outbound guard: `host`, `host:port`, `ip`, `ip:port`
 * (`[v6]:port`) or a CIDR. A port-qualified entry opens that port only. Metadata addresses are only
 * opened by an exact IP entry: a broad CIDR or a host name must never expose them by accident.
 * Entries are validated up front so a typo fails at startup instead of silently opening nothing.
 */
export class AllowList {
  private readonly entries: readonly AllowEntry[];

  constructor(entries: readonly string[] = []) {
    this.entries = entries.map(parseEntry);
  }

  /** Whether `address`, reached as `host:port`, is opened by an entry. */
  allows(host: string, port: number, address: IpAddress): boolean {
    const metadata = isMetadataAddress(address);
    return this.entries.some((entry) => {
      switch (entry.kind) {
        case 'ip':
          return sameAddress(entry.address, address) && portMatches(entry.port, port);
        case 'host':
          return !metadata && entry.host === host && portMatches(entry.port, port);
        case 'cidr':
          return !metadata && entry.range[0].kind() === address.kind() && address.match(entry.range);
      }
    });
  }
}

function portMatches(entryPort: number | undefined, port: number): boolean {
  return entryPort === undefined || entryPort === port;
}

/** Lower-cased, trailing dot dropped: the form `OutboundGuard` compares host names in. */
export function canonicalHost(host: string): string {
  const lower = host.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

function parseEntry(raw: string): AllowEntry {
  const text = raw.trim();
  const invalid = () => new InvalidConfigurationError(`Invalid outbound allow-list entry "${raw}"`);
  if (text === '') throw invalid();

  if (text.includes('/')) {
    if (!ipaddr.isValidCIDR(text) || isIP(text.slice(0, text.indexOf('/'))) === 0) throw invalid();
    const [base, bits] = ipaddr.parseCIDR(text);
    const address = parseIpAddress(base.toString()) ?? base;
    const fullLength = address.kind() === 'ipv4' ? 32 : 128;
    // A single-address CIDR is an exact entry (it may open a metadata address).
    if (bits === fullLength || (base.kind() === 'ipv6' && address.kind() === 'ipv4' && bits === 128)) {
      return { kind: 'ip', address, port: undefined };
    }
    return { kind: 'cidr', range: [base, bits] };
  }

  // `[v6]` or `[v6]:port`; a bare IPv6 (several colons) carries no port.
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  const colonCount = text.split(':').length - 1;
  let hostPart: string;
  let portPart: string | undefined;
  if (bracketed) [, hostPart = '', portPart] = bracketed;
  else if (colonCount > 1) hostPart = text;
  else [hostPart = '', portPart] = text.split(':');

  const port = portPart === undefined ? undefined : Number(portPart);
  if (port !== undefined && (!/^\d+$/.test(portPart ?? '') || port < 1 || port > 65535)) throw invalid();

  if (isIP(hostPart) !== 0) {
    const address = parseIpAddress(hostPart);
    if (address === undefined) throw invalid();
    return { kind: 'ip', address, port };
  }
  if (bracketed || !/^[a-z0-9._-]+$/i.test(hostPart)) throw invalid();
  // WHATWG parsing also turns `2130706433` or `0x7f.1` into the IPv4 they denote.
  let parsed: URL;
  try {
    parsed = new URL(`http://${hostPart}/`);
  } catch {
    throw invalid();
  }
  const address = parseIpAddress(parsed.hostname);
  if (address !== undefined) return { kind: 'ip', address, port };
  return { kind: 'host', host: canonicalHost(parsed.hostname), port };
}
