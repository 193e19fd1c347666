import type { AppNotification } from '../../src/shared/notifications/types';
import { TrpcSocket } from '../helpers/sockets';
import type { Person } from './social-helpers';

/** Helpers of the price alert tests (issue 30 §2): alerts over REST, the notifications they raise. */

export function waitUntil<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const poll = async () => {
      try {
        const value = await check();
        if (value !== undefined) return resolve(value);
      } catch (error) {
        return reject(error instanceof Error ? error : new Error(String(error)));
      }
      if (Date.now() > deadline) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(() => void poll(), 20);
    };
    void poll();
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createAlert(who: Person, body: Record<string, unknown>) {
  const res = await who.browser.post('/api/alerts', body);
  if (res.status !== 201) throw new Error(`alert not created: ${res.status} ${res.text}`);
  return res.json as { id: number; status: string; [key: string]: unknown };
}

/** The person's notifications of kind 'alert', oldest first. */
export async function alertNotifications(who: Person): Promise<AppNotification[]> {
  const res = await who.browser.get('/api/notifications?limit=100');
  return (res.json.notifications as AppNotification[]).filter((n) => n.kind === 'alert').reverse();
}

export async function history(who: Person, alertId: number) {
  const res = await who.browser.get(`/api/alerts/${alertId}/history`);
  if (res.status !== 200) throw new Error(`history: ${res.status} ${res.text}`);
  return res.json.firings as Array<{ id: number; notificationId: number | null; value: number; capped: boolean }>;
}

export async function alertOf(who: Person, alertId: number) {
  const list = (await who.browser.get('/api/alerts')).json.alerts as Array<{ id: number; [key: string]: unknown }>;
  return list.find((a) => a.id === alertId);
}

/** The person's `notifications.live` feed over a websocket: every notification it pushes, with when it arrived. */
export async function liveFeed(baseUrl: string, who: Person) {
  const socket = await TrpcSocket.open(baseUrl, { cookie: who.cookie });
  const sub = socket.subscribe('notifications.live', undefined);
  const outcome = await sub.outcome;
  if (!outcome.ok) throw new Error(`notifications.live refused: ${JSON.stringify(outcome.error)}`);
  const arrivals: Array<{ notification: AppNotification; at: number }> = [];
  let seen = 0;
  const collect = () => {
    for (; seen < sub.data.length; seen++) {
      const event = sub.data[seen] as { data: { type: string; notification?: AppNotification } };
      if (event.data.type === 'notification') arrivals.push({ notification: event.data.notification!, at: Date.now() });
    }
  };
  socket.ws.on('message', () => setImmediate(collect));
  return {
    arrivals,
    notifications: () => {
      collect();
      return arrivals.map((a) => a.notification);
    },
    close: () => socket.close(),
  };
}
