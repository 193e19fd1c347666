import { BlockList, isIP } from 'node:net';

/**
 * Whether an IP address is on the public internet: the only kind of address the server sends web pushes to (a push
 * endpoint is a URL the browser hands us, so anyone could hand us one pointing into our own network).
 *
 * IPv4: everything but the special-purpose ranges of RFC 6890 and its successors. IPv6: only global unicast
 * (2000::/3), and within it not the documentation, 6to4, Teredo, NAT64 or ORCHID ranges, which reach IPv4 or
 * nowhere. IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are judged as the IPv4 address they carry.
 */
const BLOCKED = new BlockList();
const IPV4_SPECIAL: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];
for (const [net, prefix] of IPV4_SPECIAL) BLOCKED.addSubnet(net, prefix, 'ipv4');
const IPV6_SPECIAL: [string, number][] = [
  ['64:ff9b::', 96], // NAT64: reaches IPv4, private included
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001::', 23], // IETF protocol assignments (Teredo 2001::/32, ORCHID, benchmarking)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: reaches IPv4, private included
  ['3fff::', 20], // documentation (RFC 9637)
];
for (const [net, prefix] of IPV6_SPECIAL) BLOCKED.addSubnet(net, prefix, 'ipv6');

const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');
const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !BLOCKED.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  // Loopback, unspecified, unique local (fc00::/7), link-local, site-local and multicast all fall outside 2000::/3.
  return GLOBAL_UNICAST.check(address, 'ipv6') && !BLOCKED.check(address, 'ipv6');
}
