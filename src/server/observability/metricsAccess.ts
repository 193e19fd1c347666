import { createHash, timingSafeEqual } from 'node:crypto';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1), which is how a dual-stack socket reports them. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** True when `authorization` is `Bearer <token>`; compared in constant time. */
export function bearerMatches(authorization: string, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

export interface MetricsRequest {
  /** The TCP peer's address (never X-Forwarded-For: that is whatever the client wrote). */
  remoteAddress: string | undefined;
  /** The request came through a proxy: it carries any forwarding header (see http/forwardingHeaders.ts). */
  relayed: boolean;
  authorization: string | undefined;
}

export type MetricsAccess = 'allowed' | 'forbidden' | 'bad-token';

/**
 * GET /metrics answers loopback clients, or anyone presenting METRICS_TOKEN when it is set. A reverse proxy on the
 * same host connects over loopback too, so a relayed request counts as remote whatever its peer address.
 */
export function metricsAccess(req: MetricsRequest, token: string | undefined): MetricsAccess {
  if (token && req.authorization !== undefined)
    return bearerMatches(req.authorization, token) ? 'allowed' : 'bad-token';
  if (isLoopbackAddress(req.remoteAddress) && !req.relayed) return 'allowed';
  return 'forbidden';
}
