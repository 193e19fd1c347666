import type { FastifyInstance } from 'fastify';

/** The CSP names the host for websockets; it is built once per host instead of on every request. */
const cspByHost = new Map<string, string>();
const CSP_CACHE_LIMIT = 64;

function contentSecurityPolicy(host: string, secure: boolean): string {
  const key = `${secure ? 's' : ''}${host}`;
  let csp = cspByHost.get(key);
  if (csp === undefined) {
    csp = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      // Profile pictures are URLs the user chose; images cannot run code.
      "img-src 'self' data: https:",
      "font-src 'self' data:",
      `connect-src 'self' ${secure ? 'wss' : 'ws'}://${host}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
    // Host is client-supplied: keep the cache bounded.
    if (cspByHost.size >= CSP_CACHE_LIMIT) cspByHost.clear();
    cspByHost.set(key, csp);
  }
  return csp;
}

/**
 * Security headers on every answer. The CSP admits only our own origin (and websockets back to it):
 * no inline or foreign scripts. Inline styles stay allowed because Mantine sets CSS variables in style attributes.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply) => {
    const secure = req.protocol === 'https';
    reply.header('content-security-policy', contentSecurityPolicy(req.host, secure));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (secure) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
