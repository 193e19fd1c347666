import { notificationFor, windowFor } from '../features/notifications/pushNotification';

/**
 * Tickwise's service worker, served as /sw.js with the whole site as its scope (scripts/vite/serviceWorker.ts builds
 * it). It does one job: web push. A push shows its notification; a click focuses a window already on the
 * notification's page, or brings an open Tickwise window there, or opens one. It caches nothing and answers no
 * fetch, so the site works exactly as without it.
 */

// The project's TypeScript lib is the DOM one; this is the part of a service worker's global scope used here.
interface WindowClientLike {
  url: string;
  focused: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}
interface ServiceWorkerScopeLike {
  location: { origin: string };
  registration: { showNotification(title: string, options: object): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

const scope = self as unknown as ServiceWorkerScopeLike;

// A new version takes over at once: it only shows notifications, so no open page depends on the old one.
scope.addEventListener('install', (event) => event.waitUntil(scope.skipWaiting()));
scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));

scope.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // unreadable data: shown as a plain Tickwise notification
  }
  const { title, options } = notificationFor(text, scope.location.origin);
  event.waitUntil(scope.registration.showNotification(title, options));
});

async function openPage(url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const choice = windowFor(windows, url);
  if (!choice) {
    await scope.clients.openWindow(url);
    return;
  }
  const target = choice.navigate ? ((await choice.window.navigate(url).catch(() => null)) ?? null) : choice.window;
  // navigate() is refused for a window this worker does not control yet: open the page in a new one instead.
  if (target) await target.focus();
  else await scope.clients.openWindow(url);
}

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = typeof data?.url === 'string' ? data.url : new URL('/', scope.location.origin).href;
  event.waitUntil(openPage(url));
});
