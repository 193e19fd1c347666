import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The CSP names the host for websockets; it is built once per Host header (as the client sent it, over http and over
 * https) instead of on every request.
 */
const cspByHost = { http: new Map<string, string>(), https: new Map<string, string>() };
const CSP_CACHE_LIMIT = 64;

/**
 * A host name or address with an optional port, nothing else: Host is written by the client, and a value with a
 * space or a semicolon would add sources or whole directives to the policy.
 */
const HOST_SHAPE =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function isValidHost(host: string): boolean {
  return host.length <= 260 && HOST_SHAPE.test(host);
}

/** The websocket source for connect-src: from PUBLIC_URL when set, else from a well-formed Host, else none. */
export function websocketSource(publicUrl: string | undefined, host: string, secure: boolean): string | null {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  }
  return isValidHost(host) ? `${secure ? 'wss' : 'ws'}://${host.toLowerCase()}` : null;
}

function contentSecurityPolicy(wsSource: string | null): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Profile pictures are URLs the user chose; images cannot run code.
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    // CSP3 browsers let 'self' cover same-origin websockets; the explicit source serves older ones.
    wsSource ? `connect-src 'self' ${wsSource}` : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function policyForHost(host: string, secure: boolean): string {
  const cache = secure ? cspByHost.https : cspByHost.http;
  let csp = cache.get(host);
  if (csp === undefined) {
    csp = contentSecurityPolicy(websocketSource(undefined, host, secure));
    // Hosts vary (IP, name, port, or anything a client writes): keep the cache bounded.
    if (cache.size >= CSP_CACHE_LIMIT) cache.clear();
    cache.set(host, csp);
  }
  return csp;
}

/**
 * The policy of an API answer: data for our own scripts, never a page. Nothing may load or run in it, and no site may
 * frame it (OWASP's REST headers). The page-only headers (referrer, opener and permissions policies) do nothing for a
 * JSON answer and are left out: each header is work on the hottest endpoints, the quotes a watchlist polls.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers for every answer (set by http/responseHeaders.ts), one set for pages and files and a shorter one
 * for API answers. The page CSP admits only our own origin (and websockets back to it): no inline or foreign scripts.
 * Inline styles stay allowed because Mantine sets CSS variables in style attributes.
 */
export function securityHeadersSetter(
  publicUrl: string | undefined,
): (req: FastifyRequest, reply: FastifyReply, isApiAnswer: boolean) => void {
  // With PUBLIC_URL the policy is one fixed string: the request's Host plays no part.
  const publicCsp = publicUrl ? contentSecurityPolicy(websocketSource(publicUrl, '', false)) : null;
  return (req, reply, isApiAnswer) => {
    const secure = req.protocol === 'https';
    if (isApiAnswer) {
      reply.header('content-security-policy', API_CSP);
    } else {
      // An HTTP/1.0 request may come without a Host header.
      reply.header('content-security-policy', publicCsp ?? policyForHost(req.host ?? '', secure));
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    }
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-resource-policy', 'same-origin');
    if (secure) reply.header('strict-transport-security', HSTS);
  };
}
