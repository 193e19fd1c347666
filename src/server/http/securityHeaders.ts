import type { FastifyInstance } from 'fastify';

/** The CSP names the host for websockets; it is built once per host instead of on every request. */
const cspByHost = new Map<string, string>();
const CSP_CACHE_LIMIT = 64;

/**
 * A host name or address with an optional port, nothing else: Host is written by the client, and a value with a
 * space or a semicolon would add sources or whole directives to the policy.
 */
const HOST_SHAPE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

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
  const key = wsSource ?? '';
  let csp = cspByHost.get(key);
  if (csp === undefined) {
    csp = [
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
    // Hosts vary (IP, name, port) even when well-formed: keep the cache bounded.
    if (cspByHost.size >= CSP_CACHE_LIMIT) cspByHost.clear();
    cspByHost.set(key, csp);
  }
  return csp;
}

/**
 * Security headers on every answer. The CSP admits only our own origin (and websockets back to it):
 * no inline or foreign scripts. Inline styles stay allowed because Mantine sets CSS variables in style attributes.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string | undefined): void {
  // With PUBLIC_URL the policy is one fixed string: the request's Host plays no part.
  const publicCsp = publicUrl ? contentSecurityPolicy(websocketSource(publicUrl, '', false)) : null;
  // Callback style, like every per-request hook here: an async hook costs a promise and a tick on each answer.
  app.addHook('onSend', (req, reply, payload, done) => {
    const secure = req.protocol === 'https';
    reply.header('content-security-policy', publicCsp ?? contentSecurityPolicy(websocketSource(undefined, req.host, secure)));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (secure) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });
}
