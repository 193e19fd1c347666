/**
 * Web push for this browser (issue 30 §3): registers the service worker (/sw.js, the whole site as its scope),
 * subscribes the device with the server's VAPID key and hands the subscription to the server, or takes it back.
 * No UI of its own: the notification settings call these.
 */

/** The server calls this module needs (pushApi.ts makes them with the app's tRPC client). */
export interface PushApi {
  key(): Promise<{ publicKey: string }>;
  subscribe(subscription: PushSubscriptionJSON): Promise<unknown>;
  unsubscribe(endpoint: string): Promise<unknown>;
}

export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'unsubscribed';

export class PushUnavailable extends Error {
  constructor(
    readonly reason: 'unsupported' | 'denied',
    message: string,
  ) {
    super(message);
  }
}

export const SERVICE_WORKER_URL = '/sw.js';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** base64url (the server's key) to the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'subscribed' : 'unsubscribed';
}

/**
 * Asks for permission (call from a click: browsers refuse the prompt otherwise), subscribes with the server's key and
 * stores the subscription on the server for the signed-in user. A subscription made with another key (the server's
 * pair changed) is replaced. Resolves with what the server was given.
 */
export async function subscribeDevice(api: PushApi): Promise<PushSubscriptionJSON> {
  if (!pushSupported()) throw new PushUnavailable('unsupported', 'This browser cannot receive push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushUnavailable('denied', 'Notifications are blocked for this site in the browser’s settings.');
  }
  const [registration, { publicKey }] = await Promise.all([registerServiceWorker(), api.key()]);
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await api.subscribe(json);
  return json;
}

/** Stops push on this browser: the server forgets the device, then the browser drops the subscription. */
export async function unsubscribeDevice(api: PushApi): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api.unsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
}
