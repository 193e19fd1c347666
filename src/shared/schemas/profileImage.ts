/**
 * Where a profile picture may come from. A picture is fetched by every browser that shows it, with that browser's
 * cookies: a URL on Tickwise itself (`/api/logout`) would act for the viewer. So only https (http in development)
 * URLs on other hosts are accepted, and the client refuses to render any other (a stored one from before, or one
 * saved through a forged Host header): see client/lib/safeImageSrc.ts.
 */
export const PROFILE_IMAGE_MESSAGES = {
  invalid: 'Invalid URL',
  httpsOnly: 'Profile image URL must start with https://',
  sameSite: 'Profile image URL must point to another website, not to Tickwise itself',
} as const;

export const PROFILE_IMAGE_URL_MAX_LENGTH = 2048;

export interface ImageUrlPolicy {
  /** http: as well as https: (development only). */
  allowHttp: boolean;
  /** Host names (no port) that reach this app; a picture there is refused. */
  appHosts: readonly string[];
}

/** A host name as the URL parser writes it, without a trailing dot. */
export function normalizeHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

/** Loopback is never a picture host: a browser would send it to the viewer's own machine (or to the app in dev). */
function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === '[::1]' ||
    hostname === '0.0.0.0' ||
    hostname === '[::]'
  );
}

/** Why this URL cannot be a profile picture, or null when it can. The empty string (no picture) is fine. */
export function profileImageUrlProblem(url: string, policy: ImageUrlPolicy): string | null {
  if (url === '') return null;
  if (url.length > PROFILE_IMAGE_URL_MAX_LENGTH) return PROFILE_IMAGE_MESSAGES.invalid;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return PROFILE_IMAGE_MESSAGES.invalid;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return PROFILE_IMAGE_MESSAGES.invalid;
  if (parsed.username || parsed.password || !parsed.hostname) return PROFILE_IMAGE_MESSAGES.invalid;
  const hostname = normalizeHostname(parsed.hostname);
  if (isLoopback(hostname) || policy.appHosts.some((h) => normalizeHostname(h) === hostname)) {
    return PROFILE_IMAGE_MESSAGES.sameSite;
  }
  if (parsed.protocol === 'http:' && !policy.allowHttp) return PROFILE_IMAGE_MESSAGES.httpsOnly;
  return null;
}
