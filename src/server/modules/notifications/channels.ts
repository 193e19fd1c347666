import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { PUSH_BODY_LENGTH } from '../../../shared/notifications/limits';
import type { AppNotification, NotificationChannel, PushPayload } from '../../../shared/notifications/types';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type { AppDeps } from '../../depsTypes';
import { notificationDeliveries } from '../../observability/metrics';
import { checkEndpoint, EndpointRefused } from '../../outbound/endpointGuard';
import { buildMailBodies } from '../../outbound/mailBody';
import { sendPreparedPush } from '../../outbound/pushRequest';
import type { AttemptOutcome } from '../../outbound/retryQueue';
import { storedPreferences } from './preferences';
import { forgetSubscription, userPushSubscriptions, type PushSubscriptionRow } from './pushSubscriptions';

/**
 * A stored notification on its way out: the channels chosen (the caller's, else the user's preferences), then one job
 * per device on the push queue and one mail on the mail queue. Runs after notify() has answered; nothing here can
 * fail the notification, which is already in the notification centre.
 */

type Deps = Pick<AppDeps, 'db' | 'config' | 'log' | 'mail' | 'notifications'>;

/** How long one push request may take, connection included. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export async function fanOut(
  deps: Deps,
  userId: string,
  notification: AppNotification,
  channels: ReadonlySet<NotificationChannel> | null,
): Promise<void> {
  const { users } = tablesOf(deps.db);
  const chosen = channels ?? (await channelsFromPreferences(deps, userId));
  const user = await first(
    deps.db.select({ email: users.email, banned: users.banned }).from(users).where(eq(users.id, userId)).limit(1),
  );
  // Nobody to reach: the account is gone, or suspended (it cannot open what it is sent).
  if (!user || user.banned) return;
  if (chosen.has('push')) await queuePushes(deps, userId, notification);
  if (chosen.has('email') && deps.mail) await queueMail(deps, userId, user.email, notification);
}

async function channelsFromPreferences(deps: Deps, userId: string): Promise<Set<NotificationChannel>> {
  const preferences = await storedPreferences(deps.db, userId);
  const chosen = new Set<NotificationChannel>(['inApp']);
  if (preferences.push) chosen.add('push');
  if (preferences.email) chosen.add('email');
  return chosen;
}

/** What the service worker shows: a small copy, well under the ~4 KB a push may carry. */
export function pushPayload(n: AppNotification): PushPayload {
  const body = n.body.length > PUSH_BODY_LENGTH ? `${n.body.slice(0, PUSH_BODY_LENGTH - 1)}…` : n.body;
  return { id: n.id, kind: n.kind, title: n.title, body, link: n.link };
}

async function queuePushes(deps: Deps, userId: string, notification: AppNotification): Promise<void> {
  const subscriptions = await userPushSubscriptions(deps.db, userId);
  if (subscriptions.length === 0) return;
  if (!(await deps.notifications.pushBudget.take(userId))) {
    notificationDeliveries.inc({ channel: 'push', outcome: 'limited' });
    return;
  }
  const payload = JSON.stringify(pushPayload(notification));
  for (const subscription of subscriptions) {
    const queued = deps.notifications.pushQueue.enqueue({
      label: `push ${notification.id} to subscription ${subscription.id}`,
      attempt: () => sendPush(deps, subscription, payload),
      onGiveUp: (reason) => {
        notificationDeliveries.inc({ channel: 'push', outcome: 'failed' });
        deps.log.warn({ subscription: subscription.id, reason }, 'web push not delivered');
      },
    });
    if (!queued) notificationDeliveries.inc({ channel: 'push', outcome: 'dropped' });
  }
}

async function sendPush(deps: Deps, subscription: PushSubscriptionRow, payload: string): Promise<AttemptOutcome> {
  let endpoint;
  try {
    // Checked again at every send, with the address pinned: the name may point elsewhere since it was subscribed.
    endpoint = await checkEndpoint(subscription.endpoint, deps.notifications.endpointPolicy);
  } catch (error) {
    if (!(error instanceof EndpointRefused)) throw error;
    await forgetSubscription(deps.db, subscription);
    return { kind: 'failed', reason: `endpoint refused and forgotten: ${error.message}` };
  }
  const vapid = await deps.notifications.vapid.keys();
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
  );
  const outcome = await sendPreparedPush(
    endpoint,
    { method: request.method, headers: request.headers, body: request.body },
    PUSH_TIMEOUT_MS,
  );
  switch (outcome.kind) {
    case 'delivered':
      notificationDeliveries.inc({ channel: 'push', outcome: 'delivered' });
      return { kind: 'done' };
    case 'gone':
      await forgetSubscription(deps.db, subscription);
      notificationDeliveries.inc({ channel: 'push', outcome: 'gone' });
      return { kind: 'done' };
    case 'retry':
      return { kind: 'retry', afterMs: outcome.retryAfterMs, reason: outcome.reason };
    case 'failed':
      return { kind: 'failed', reason: outcome.reason };
  }
}

async function queueMail(deps: Deps, userId: string, to: string, notification: AppNotification): Promise<void> {
  const mail = deps.mail;
  if (!mail) return;
  if (!(await deps.notifications.mailBudget.take(userId))) {
    notificationDeliveries.inc({ channel: 'email', outcome: 'limited' });
    return;
  }
  const publicUrl = deps.config.PUBLIC_URL;
  const bodies = buildMailBodies({
    subject: notification.title,
    paragraphs: [notification.title, ...(notification.body ? [notification.body] : [])],
    action:
      publicUrl && notification.link ? { label: 'Open in Tickwise', url: publicUrl + notification.link } : undefined,
    footer: 'You get this e-mail because e-mail notifications are on in your Tickwise settings.',
  });
  const queued = deps.notifications.mailQueue.enqueue({
    label: `mail ${notification.id}`,
    attempt: async () => {
      const outcome = await mail.send(to, bodies);
      if (outcome.kind === 'done') notificationDeliveries.inc({ channel: 'email', outcome: 'delivered' });
      return outcome;
    },
    onGiveUp: (reason) => {
      notificationDeliveries.inc({ channel: 'email', outcome: 'failed' });
      deps.log.warn({ notification: notification.id, reason }, 'notification e-mail not delivered');
    },
  });
  if (!queued) notificationDeliveries.inc({ channel: 'email', outcome: 'dropped' });
}
