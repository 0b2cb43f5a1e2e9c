import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** At most this many X-Forwarded-For hops are walked (a longer chain is not a real proxy chain). */
const MAX_HOPS = 32;

/**
 * An address as written by a socket or a proxy, normalised: brackets, a port and an IPv6 zone
 * dropped, IPv4-mapped IPv6 turned into IPv4, lower case. Undefined when it is not an IP address.
 */
export function normalizeAddress(raw: string): string | undefined {
  let text = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed !== null) text = bracketed[1] ?? '';
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%[^%]*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mapped !== null) text = mapped[1] ?? '';
  if (isIPv4(text) || isIPv6(text)) return text;
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (valid input assumed). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4 !== null) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The rate-limit key of a client address: the address itself for IPv4, its /64 prefix for IPv6
 * (one subscriber usually holds a whole /64, so per-address keys would be free to rotate).
 */
export function clientKeyOf(address: string): string {
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address).slice(0, 4);
  return `${groups.map((group) => group.toString(16)).join(':')}::/64`;
}

/** The proxies whose X-Forwarded-For is believed: addresses and CIDR ranges, IPv4 or IPv6. */
export class ProxyTrust {
  readonly #list = new BlockList();
  readonly entries: readonly string[];

  private constructor(entries: readonly string[]) {
    this.entries = entries;
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const normalized = normalizeAddress(address);
      const family = normalized !== undefined && isIPv4(normalized) ? 'ipv4' : 'ipv6';
      const bits = prefix === undefined ? undefined : Number(prefix);
      const maxBits = family === 'ipv4' ? 32 : 128;
      if (normalized === undefined || (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || (bits ?? 0) > maxBits))) {
        throw new Error(`not an IP address or CIDR range: '${entry}'`);
      }
      if (bits === undefined) this.#list.addAddress(normalized, family);
      else this.#list.addSubnet(normalized, bits, family);
    }
  }

  /** Throws on an entry that is neither an address nor a CIDR range, naming it. */
  static parse(entries: readonly string[]): ProxyTrust {
    return new ProxyTrust(entries.map((entry) => entry.trim()).filter((entry) => entry !== ''));
  }

  static none(): ProxyTrust {
    return new ProxyTrust([]);
  }

  trusts(address: string): boolean {
    if (this.entries.length === 0) return false;
    const normalized = normalizeAddress(address);
    if (normalized === undefined) return false;
    return this.#list.check(normalized, isIPv4(normalized) ? 'ipv4' : 'ipv6');
  }
}

export interface ClientOrigin {
  /** The TCP peer. */
  readonly peer: string;
  /** The client: the peer, or when the peer is a trusted proxy the first untrusted X-Forwarded-For hop from the right. */
  readonly address: string;
  /** Whether the peer is a trusted proxy. */
  readonly viaTrustedProxy: boolean;
}

/**
 * Who the client is. Without a trusted peer, X-Forwarded-For is ignored (anyone can write it).
 * Behind trusted proxies the list is walked right to left, skipping trusted hops; the first
 * untrusted address is the client. A hop that is not an address ends the walk at the last good one.
 */
export function clientOrigin(peerAddress: string | undefined, forwardedFor: readonly string[] | undefined, trust: ProxyTrust): ClientOrigin {
  const peer = (peerAddress === undefined ? undefined : normalizeAddress(peerAddress)) ?? 'unknown';
  if (!trust.trusts(peer)) return { peer, address: peer, viaTrustedProxy: false };
  const hops = (forwardedFor ?? [])
    .join(',')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  let address = peer;
  for (let i = hops.length - 1, walked = 0; i >= 0 && walked < MAX_HOPS; i -= 1, walked += 1) {
    const hop = normalizeAddress(hops[i] ?? '');
    if (hop === undefined) break;
    address = hop;
    if (!trust.trusts(hop)) break;
  }
  return { peer, address, viaTrustedProxy: true };
}
