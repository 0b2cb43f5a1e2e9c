import ipaddr from 'ipaddr.js';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

// Cloud instance-metadata / credential endpoints. Each is inside a blocked range anyway; listing
// them lets the allow-list refuse to open them through a broader CIDR (only an exact entry does).
// Beyond the well-known cloud metadata addresses, the AWS ECS and EKS Pod Identity credential endpoints hand out
// the same kind of IAM credentials, so they get the same treatment.
const METADATA_ADDRESSES: readonly string[] = [
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean…
  '100.100.100.200', // Alibaba Cloud
  'fd00:ec2::254', // AWS IMDS over IPv6
  '169.254.170.2', // AWS ECS task credentials
  '169.254.170.23', // AWS EKS Pod Identity agent
  'fd00:ec2::23', // AWS EKS Pod Identity agent over IPv6
].map((text) => ipaddr.parse(text).toNormalizedString());

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * Parses an address as resolvers and URL parsers produce it (canonical dotted quad or IPv6, an
 * optional `%zone`), and unwraps IPv4-mapped IPv6 (`::ffff:10.0.0.1`) to the IPv4 it really
 * reaches: a dual-stack socket connects to that IPv4. Non-canonical IPv4 spellings are rejected
 * here on purpose (URL parsing already normalised them); `undefined` means "not an address".
 */
export function parseIpAddress(text: string): IpAddress | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  let address: IpAddress;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) address = ipaddr.IPv4.parse(bare);
  else if (ipaddr.IPv6.isValid(bare)) address = ipaddr.IPv6.parse(bare);
  else return undefined;
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

export function sameAddress(a: IpAddress, b: IpAddress): boolean {
  return a.kind() === b.kind() && a.toNormalizedString() === b.toNormalizedString();
}

export function isMetadataAddress(address: IpAddress): boolean {
  return METADATA_ADDRESSES.includes(address.toNormalizedString());
}

/**
 * True only for globally routable unicast. Everything ipaddr.js classifies otherwise is refused:
 * private, loopback, link-local, unique-local, CGNAT, unspecified, multicast, broadcast, reserved,
 * documentation, benchmarking, 6to4/Teredo tunnels (their embedded IPv4 could be anything), and any
 * IPv6 outside 2000::/3. NAT64 (64:ff9b::/96) is judged by the IPv4 it translates to.
 */
export function isPublicAddress(address: IpAddress): boolean {
  if (isMetadataAddress(address)) return false;
  if (address.kind() === 'ipv4') return (address as ipaddr.IPv4).range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  if (v6.match(NAT64_WELL_KNOWN)) {
    const bytes = v6.toByteArray().slice(12);
    return isPublicAddress(new ipaddr.IPv4(bytes));
  }
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === 'unicast';
}
