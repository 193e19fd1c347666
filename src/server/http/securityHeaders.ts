import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer. The CSP admits only our own origin (and websockets back to it):
 * no inline or foreign scripts. Inline styles stay allowed because Mantine sets CSS variables in style attributes.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply) => {
    const secure = req.protocol === 'https';
    const csp = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      // Profile pictures are URLs the user chose; images cannot run code.
      "img-src 'self' data: https:",
      "font-src 'self' data:",
      `connect-src 'self' ${secure ? 'wss' : 'ws'}://${req.host}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (secure) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
