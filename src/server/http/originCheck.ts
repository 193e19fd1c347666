import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { requestHost, requestProtocol, type TrustFn } from './proxyTrust';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * GET routes that change state (product.md §7 keeps them GET for plain links), so another site may not use them.
 * Matched against the route Fastify chose, never the raw URL: `/api/logou%74` reaches the same handler.
 */
const STATE_CHANGING_GETS = new Set(['/api/logout']);

/**
 * A browser always sends Origin on cross-site writes. We accept a write when Origin is absent (non-browser
 * clients cannot ride a user's cookies) unless the browser says the request is cross-site, or when Origin is
 * exactly this server's own scheme and host, or one of the allowed origins. The own origin is worked out only when
 * needed (it reads the proxy headers): most writes come without an Origin (API clients) or from an allowed one.
 */
export function isOriginAllowed(
  origin: string | undefined,
  ownOrigin: () => string,
  allowedOrigins: readonly string[],
  fetchSite?: string,
): boolean {
  if (!origin) return fetchSite !== 'cross-site';
  if (allowedOrigins.includes(origin)) return true;
  try {
    const { protocol, host } = new URL(origin);
    // Scheme counts: a page on http:// must not write to the https:// site of the same host.
    return `${protocol}//${host}`.toLowerCase() === ownOrigin().toLowerCase();
  } catch {
    return false;
  }
}

/** Origins besides the request's own that may write: ALLOWED_ORIGINS and the PUBLIC_URL people use. */
export function trustedOrigins(config: { ALLOWED_ORIGINS: readonly string[]; PUBLIC_URL?: string }): string[] {
  return config.PUBLIC_URL ? [...config.ALLOWED_ORIGINS, config.PUBLIC_URL] : [...config.ALLOWED_ORIGINS];
}

export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  // Callback style: no promise per request on the hottest paths.
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method) && !STATE_CHANGING_GETS.has(req.routeOptions.url ?? '')) return done();
    const fetchSite = req.headers['sec-fetch-site'];
    if (!isOriginAllowed(req.headers.origin, () => `${req.protocol}://${req.host}`, allowedOrigins, fetchSite)) {
      void reply.code(403).send({ message: 'Cross-origin request refused' });
      return;
    }
    done();
  });
}

/** Websocket upgrades carry cookies too, so they get the same check (cross-site websocket hijacking). */
export function isUpgradeOriginAllowed(
  req: IncomingMessage,
  allowedOrigins: readonly string[],
  trust: TrustFn | false,
): boolean {
  const ownOrigin = () => `${requestProtocol(req, trust)}://${requestHost(req, trust)}`;
  return isOriginAllowed(req.headers.origin, ownOrigin, allowedOrigins, req.headers['sec-fetch-site']);
}
