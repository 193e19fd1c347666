import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { MAX_ENDPOINT_LENGTH } from '../../shared/notifications/limits';
import { isPublicAddress } from './publicAddress';

/**
 * The server-side request forgery defence for URLs users give us (web push endpoints): a URL is sent to only when it
 * is https and every address its host resolves to is public (publicAddress.ts), or when its host is one the operator
 * allowed (WEB_PUSH_ALLOW_HOSTS, for a local push service in tests), which may also use plain http and any address.
 *
 * The check resolves the name itself and hands back the address it checked; the request is then made to that
 * address (with the name kept for TLS and the Host header), so a DNS answer that changes between the check and the
 * connection (DNS rebinding) cannot move the request into the private network. It runs when a device subscribes and
 * again before every send.
 */

export interface CheckedEndpoint {
  url: URL;
  /** The address to connect to: the one that was checked. */
  address: string;
  family: 4 | 6;
}

export class EndpointRefused extends Error {}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface EndpointPolicy {
  /** Host names (lower case, as in a URL) allowed whatever their address, over http too. */
  allowHosts: ReadonlySet<string>;
  resolve?: Resolver;
}

/** `[::1]` in a URL is `::1` to the resolver and the address checks. */
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

export async function checkEndpoint(raw: string, policy: EndpointPolicy): Promise<CheckedEndpoint> {
  if (raw.length > MAX_ENDPOINT_LENGTH) throw new EndpointRefused('The push endpoint is too long.');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EndpointRefused('The push endpoint is not a URL.');
  }
  if (url.username || url.password) throw new EndpointRefused('The push endpoint may not carry credentials.');
  const host = bareHost(url.hostname);
  const allowed = policy.allowHosts.has(url.hostname) || policy.allowHosts.has(host);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) {
    throw new EndpointRefused('The push endpoint must be an https URL.');
  }
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host);
    } catch {
      throw new EndpointRefused('The push endpoint’s host name does not resolve.');
    }
  }
  if (addresses.length === 0) throw new EndpointRefused('The push endpoint’s host name does not resolve.');
  // Every address must pass, not just the first: which one a connection would use is the resolver's choice.
  if (!allowed && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new EndpointRefused('The push endpoint is not on a public address.');
  }
  const chosen = addresses[0];
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

/** WEB_PUSH_ALLOW_HOSTS as the set the policy reads. */
export function allowHostSet(hosts: readonly string[]): ReadonlySet<string> {
  return new Set(hosts.map((h) => h.trim().toLowerCase()).filter(Boolean));
}
