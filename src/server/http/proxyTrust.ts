import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';

/**
 * Which peers may tell us the client's address (X-Forwarded-For), scheme (X-Forwarded-Proto) and host
 * (X-Forwarded-Host). TRUST_PROXY is either a hop count or a list of proxy addresses; trusting every hop (the old
 * `true`) let any client write its own address into X-Forwarded-For and so reset every per-address limit.
 *
 * The address matching and the X-Forwarded-For walk are @fastify/proxy-addr's, the library behind Fastify's
 * `request.ip`: HTTP requests (through Fastify) and websocket upgrades (through `clientAddress` below) read the
 * client's address by the same code and the same trust function.
 */
export type ProxyTrustSetting = { kind: 'hops'; hops: number } | { kind: 'addresses'; entries: string[] };

/** proxy-addr's contract, which Fastify's `trustProxy` accepts: may the peer at `hop` (0 = our socket peer) be believed? */
export type TrustFn = (address: string, hop: number) => boolean;

/** An entry proxy-addr can compile: an address, a CIDR range (or address/netmask), or `loopback`. */
function isAddressEntry(entry: string): boolean {
  try {
    proxyAddr.compile(entry);
    return true;
  } catch {
    return false;
  }
}

/** Parses TRUST_PROXY: `false`/`0` (none), `true` (read as 1), a hop count, or comma-separated addresses / CIDRs / `loopback`. */
export function parseProxyTrust(raw: string): ProxyTrustSetting | string {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false') return { kind: 'hops', hops: 0 };
  // `true` trusted every hop before; it now means the usual single proxy in front of Tickwise.
  if (value === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? { kind: 'hops', hops } : 'a hop count must be between 0 and 10';
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    // proxy-addr also knows `linklocal` and `uniquelocal`; only `loopback` is documented here.
    if (entry !== 'loopback' && (!entry.match(/^[0-9a-f:.]+(\/\d+)?$/) || !isAddressEntry(entry))) {
      return `"${entry}" is not a hop count, an IP address, a CIDR range or "loopback"`;
    }
  }
  return { kind: 'addresses', entries };
}

/** The trust function for a setting, or `false` when no proxy is trusted (Fastify then ignores X-Forwarded-*). */
export function createTrustFn(setting: ProxyTrustSetting): TrustFn | false {
  if (setting.kind === 'hops') {
    const { hops } = setting;
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  // proxy-addr matches IPv4-mapped IPv6 peers (::ffff:10.0.0.1) against IPv4 ranges, and never trusts a non-address.
  return proxyAddr.compile(setting.entries);
}

/** Where a proxy named only by a hop count can sit: this machine or a private network (10/8, 172.16/12, 192.168/16, fc00::/7). */
const PROXY_NETWORKS = ['loopback', 'uniquelocal'];

/**
 * Whether a peer may be a proxy carrying many clients on its connections (so per-address connection counts do not
 * apply to it): one the address-list form names; with a hop count, any peer on loopback or a private network (the
 * proxy is not named, and a proxy on the internet is unusual); with no proxy trusted, none.
 */
export function mayBeProxy(setting: ProxyTrustSetting): (address: string) => boolean {
  if (setting.kind === 'hops' && setting.hops === 0) return () => false;
  const trust = proxyAddr.compile(setting.kind === 'addresses' ? setting.entries : PROXY_NETWORKS);
  return (address) => trust(address, 0);
}

function lastHeaderValue(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(',') : value;
  const last = joined?.split(',').at(-1)?.trim();
  return last ? last : undefined;
}

/**
 * The client's address as the last trusted proxy saw it: proxy-addr walks from our socket peer back through
 * X-Forwarded-For (right to left) while each hop is trusted. Exactly Fastify's `request.ip`, for raw requests (upgrades).
 */
export function clientAddress(req: IncomingMessage, trust: TrustFn | false): string {
  return proxyAddr(req, trust || NO_PROXY) ?? 'unknown';
}

const NO_PROXY: TrustFn = () => false;

/** http or https, believing X-Forwarded-Proto only from a trusted peer (as Fastify's `request.protocol`). */
export function requestProtocol(req: IncomingMessage, trust: TrustFn | false): 'http' | 'https' {
  const peer = req.socket.remoteAddress;
  const forwarded = lastHeaderValue(req.headers['x-forwarded-proto']);
  if (trust && forwarded && peer && trust(peer, 0)) return forwarded.toLowerCase() === 'https' ? 'https' : 'http';
  return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

/** The Host the client asked for, believing X-Forwarded-Host only from a trusted peer (as Fastify's `request.host`). */
export function requestHost(req: IncomingMessage, trust: TrustFn | false): string {
  const peer = req.socket.remoteAddress;
  const forwarded = lastHeaderValue(req.headers['x-forwarded-host']);
  if (trust && forwarded && peer && trust(peer, 0)) return forwarded;
  return req.headers.host ?? '';
}

/**
 * The start-up warning for a hop count (`true` reads as 1): it trusts whatever peer connects, so a client that
 * reaches the port directly, around the proxy, may still write its own X-Forwarded-For. Null for the safe forms.
 */
export function hopTrustWarning(setting: ProxyTrustSetting): string | null {
  if (setting.kind !== 'hops' || setting.hops === 0) return null;
  return (
    `TRUST_PROXY is a hop count (${setting.hops}): X-Forwarded-For is believed from any peer, so a client that ` +
    'reaches this port directly can still choose its own address. List the proxy addresses instead ' +
    '(TRUST_PROXY=loopback for a proxy on this machine, or e.g. TRUST_PROXY=10.0.0.5), or keep the port unreachable ' +
    'except through the proxy.'
  );
}
