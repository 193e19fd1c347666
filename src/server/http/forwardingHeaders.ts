import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers by which proxies and CDNs pass on the client they relay for. Proxies set different ones (nginx examples
 * use X-Real-IP alone, Cloudflare CF-Connecting-IP, Akamai True-Client-IP), so any one of them marks a request as
 * relayed: its loopback peer is a proxy on this machine, not a local client.
 */
export const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'cf-connecting-ip',
  'true-client-ip',
  'fastly-client-ip',
  'via',
] as const;

export function hasForwardingHeader(headers: IncomingHttpHeaders): boolean {
  return FORWARDING_HEADERS.some((name) => headers[name] !== undefined);
}
