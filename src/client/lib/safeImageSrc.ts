import { profileImageUrlProblem, type ImageUrlPolicy } from '../../shared/schemas/profileImage';

/**
 * The picture rules for this page: the host the app was loaded from is the one that must never serve a profile
 * picture (its cookies would ride along, e.g. to /api/logout). The browser knows that host for sure; the server
 * only knows the Host header a caller chose.
 */
export function imageUrlPolicyHere(): ImageUrlPolicy {
  return { allowHttp: import.meta.env.DEV, appHosts: [window.location.hostname] };
}

/**
 * The URL to put in an <img> / Avatar src, or undefined when it must not be loaded: anything but an http(s) URL
 * on another host. Use it for every user-chosen picture (the profile form's preview, avatars of other people).
 */
export function safeImageSrc(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  // Pictures saved before the rule (or over http in development) still render if they are on another host.
  return profileImageUrlProblem(url, { ...imageUrlPolicyHere(), allowHttp: true }) === null ? url : undefined;
}

/**
 * Props for the <img> of a user-chosen picture: it is loaded from a host its owner chose, and without a referrer
 * that host is not told which page of ours shows it (the Privacy page says so).
 */
export const PICTURE_IMAGE_PROPS = { referrerPolicy: 'no-referrer' } as const;
