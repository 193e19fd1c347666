import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET paths that change state (SPEC section 7 keeps them GET for plain links), so another site may not use them. */
const STATE_CHANGING_GETS = new Set(['/api/logout']);

/**
 * A browser always sends Origin on cross-site writes. We accept a write when Origin is absent
 * (non-browser clients cannot ride a user's cookies) or names this very host or an allowed origin.
 */
export function isOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowedOrigins: readonly string[],
  fetchSite?: string,
): boolean {
  if (!origin) return fetchSite !== 'cross-site';
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method) && !STATE_CHANGING_GETS.has(req.url.split('?')[0])) return;
    const fetchSite = req.headers['sec-fetch-site'];
    if (!isOriginAllowed(req.headers.origin, req.headers.host, allowedOrigins, fetchSite as string | undefined)) {
      return reply.code(403).send({ message: 'Cross-origin request refused' });
    }
  });
}

/** Websocket upgrades carry cookies too, so they get the same check (cross-site websocket hijacking). */
export function isUpgradeOriginAllowed(req: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  return isOriginAllowed(req.headers.origin, req.headers.host, allowedOrigins);
}
