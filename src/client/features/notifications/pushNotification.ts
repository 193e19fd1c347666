import type { PushPayload } from '../../../shared/notifications/types';

/**
 * What the service worker (serviceWorker/sw.ts) makes of a push and of a click on its notification, kept apart from
 * the worker's events so it reads as plain functions.
 */

export interface ShownNotification {
  title: string;
  options: { body: string; tag: string; data: { id: number | null; url: string }; lang?: string };
}

/**
 * The notification to show for a push's text. A push that is not ours (not JSON, no title) still shows something:
 * browsers require every push to show a notification (userVisibleOnly), and may revoke the permission otherwise.
 */
export function notificationFor(text: string | null, origin: string): ShownNotification {
  let payload: Partial<PushPayload> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (parsed && typeof parsed === 'object') payload = parsed;
  } catch {
    // shown with the default title below
  }
  const title = typeof payload.title === 'string' && payload.title.trim() ? payload.title : 'Tickwise';
  const body = typeof payload.body === 'string' ? payload.body : '';
  const id = typeof payload.id === 'number' ? payload.id : null;
  return {
    title,
    options: {
      body,
      // One notification per stored notification: a push delivered twice replaces itself instead of showing twice.
      tag: id === null ? 'tickwise' : `notification-${id}`,
      data: { id, url: linkUrl(payload.link, origin) },
    },
  };
}

/** The page a click opens: the notification's link when it is a path on this site, else the home page. */
export function linkUrl(link: unknown, origin: string): string {
  if (typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')) {
    const url = new URL(link, origin);
    if (url.origin === origin) return url.href;
  }
  return new URL('/', origin).href;
}

export interface WindowLike {
  url: string;
  focused?: boolean;
}

/**
 * Which open window a click should use: one already showing the page (focused first), else any window of this site
 * (it is navigated there), else none (a new one is opened).
 */
export function windowFor<T extends WindowLike>(
  windows: readonly T[],
  target: string,
): { window: T; navigate: boolean } | null {
  const showing = windows.filter((w) => w.url === target);
  const exact = showing.find((w) => w.focused) ?? showing[0];
  if (exact) return { window: exact, navigate: false };
  const any = windows.find((w) => w.focused) ?? windows[0];
  return any ? { window: any, navigate: true } : null;
}
