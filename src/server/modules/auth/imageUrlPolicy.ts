import type { ImageUrlPolicy } from '../../../shared/schemas/profileImage';
import type { AppConfig } from '../../config';

/** The host name of a Host header or an origin ("tickwise.example:3000" -> "tickwise.example"); null if unreadable. */
function hostnameOf(hostOrOrigin: string): string | null {
  if (!hostOrOrigin) return null;
  try {
    return new URL(hostOrOrigin.includes('://') ? hostOrOrigin : `http://${hostOrOrigin}`).hostname || null;
  } catch {
    return null;
  }
}

/**
 * Which picture URLs the server accepts: https only (http too in development), and no host that reaches this
 * app: the one this request named, and the extra origins allowed to call the API (the Vite dev server proxies
 * /api), and PUBLIC_URL's when set. The Host header is the caller's to choose, so the client also refuses to render
 * a picture on the host it was loaded from (client/lib/safeImageSrc.ts).
 */
export function imageUrlPolicyFor(
  config: Pick<AppConfig, 'NODE_ENV' | 'ALLOWED_ORIGINS' | 'PUBLIC_URL'>,
  requestHost: string,
): ImageUrlPolicy {
  const appHosts = [requestHost, ...config.ALLOWED_ORIGINS, config.PUBLIC_URL ?? '']
    .map(hostnameOf)
    .filter((h): h is string => h !== null);
  return { allowHttp: config.NODE_ENV === 'development', appHosts };
}
