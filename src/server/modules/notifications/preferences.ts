import { count, eq } from 'drizzle-orm';
import type { NotificationPreferences } from '../../../shared/notifications/types';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type { AppDeps } from '../../depsTypes';

/**
 * A user's default channels, used when `notify` is not told which: in-app always, web push on (it reaches only the
 * devices they subscribed, so it is on only where they asked for it in the browser), e-mail off until they choose it.
 */
export const DEFAULT_PREFERENCES = { push: true, email: false } as const;

export async function storedPreferences(db: Db, userId: string): Promise<{ push: boolean; email: boolean }> {
  const { notificationPreferences } = tablesOf(db);
  const row = await first(
    db
      .select({ push: notificationPreferences.push, email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .limit(1),
  );
  return row ?? { ...DEFAULT_PREFERENCES };
}

export async function pushDeviceCount(db: Db, userId: string): Promise<number> {
  const { pushSubscriptions } = tablesOf(db);
  const row = await first(
    db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
  );
  return Number(row?.n ?? 0);
}

/** notifications.preferences, GET /api/notifications/preferences. */
export async function getPreferences(
  deps: Pick<AppDeps, 'db' | 'mail'>,
  userId: string,
): Promise<NotificationPreferences> {
  const [stored, devices] = await Promise.all([storedPreferences(deps.db, userId), pushDeviceCount(deps.db, userId)]);
  return { inApp: true, ...stored, pushDevices: devices, emailAvailable: deps.mail !== null };
}

/** notifications.setPreferences, PUT /api/notifications/preferences: the fields given change, the others stay. */
export async function setPreferences(
  deps: Pick<AppDeps, 'db' | 'mail' | 'now'>,
  userId: string,
  change: { push?: boolean; email?: boolean },
): Promise<NotificationPreferences> {
  const { notificationPreferences } = tablesOf(deps.db);
  const set: { push?: boolean; email?: boolean; updatedAt: number } = { updatedAt: deps.now() };
  if (change.push !== undefined) set.push = change.push;
  if (change.email !== undefined) set.email = change.email;
  // One statement: two changes at once (push from one tab, e-mail from another) both land.
  await deps.db
    .insert(notificationPreferences)
    .values({ userId, ...DEFAULT_PREFERENCES, ...set })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set });
  return getPreferences(deps, userId);
}
