import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AlertCondition } from '../../../shared/alerts/conditions';
import { describeFiring } from '../../../shared/alerts/describe';
import { TRIGGER_CAP } from '../../../shared/alerts/limits';
import type { AlertNotificationData } from '../../../shared/alerts/types';
import { formatMoney, formatSignedPercent } from '../../../shared/format';
import type { AppNotification } from '../../../shared/notifications/types';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import { notifyEachOnce, notifyOnce } from '../notifications/notify';
import { parseChannels, type FiringRow } from './rows';

/**
 * The firing's notification: the outbox step. A firing row whose `notification_id` is null is not delivered yet;
 * delivering it stores the notification and sets `notification_id` in one transaction (notifyOnce), and only if it
 * was still null. Whoever delivers (the instance that fired it, at once, or the one evaluating next, after a crash
 * between the firing's commit and this step) therefore creates exactly one notification per firing.
 *
 * The firings of one tick are delivered together (deliverFirings): one read, one transaction and one commit for the
 * burst, where a transaction per firing kept the last of 40 toasts waiting on 39 commits (issue 30 §3).
 */

export type DeliveryDeps = Parameters<typeof notifyOnce>[0];

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "14:32 UTC on 27 Nov 2026": push and mail have no time zone of the reader (the toast shows local time). */
export function utcTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC on ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** What the measure read, when it is not the price itself. */
function measureLine(condition: AlertCondition, value: number): string | null {
  switch (condition) {
    case 'changeAbove':
    case 'changeBelow':
      return `Day's change ${formatSignedPercent(value)}.`;
    case 'rsiAbove':
    case 'rsiBelow':
      return `RSI(14) ${(Math.round(value * 10) / 10).toFixed(1)}.`;
    case 'goldenCross':
    case 'deathCross':
      return `MA20 ${formatSignedPercent(value)} against MA50.`;
    default:
      return null;
  }
}

/** The notification of one firing: "AAPL crossed above $200.00", the price and time, the level, the note. */
export function firingNotification(firing: FiringRow, note: string) {
  const condition = firing.condition as AlertCondition;
  const lines = [
    `${firing.symbol} at ${formatMoney(firing.price, firing.currency)} at ${utcTime(firing.tickAt)}.`,
    measureLine(condition, firing.value),
    note ? `Your note: ${note}` : null,
    firing.capped
      ? `It fired ${TRIGGER_CAP.max} times within ${TRIGGER_CAP.windowMs / 60_000} minutes, so it was stopped: turn it on again from your alerts when you want it back.`
      : null,
  ];
  const data: AlertNotificationData = {
    alertId: firing.alertId,
    firingId: firing.id,
    symbol: firing.symbol,
    condition,
    level: firing.level,
    value: firing.value,
    price: firing.price,
    currency: firing.currency,
    tickAt: firing.tickAt,
    firedAt: firing.firedAt,
  };
  return {
    kind: 'alert',
    title: `${firing.symbol} ${describeFiring(condition, firing.level, firing.currency)}`,
    body: lines.filter((line) => line !== null).join('\n'),
    link: `/trading?symbol=${encodeURIComponent(firing.symbol)}`,
    data: { ...data },
  };
}

/**
 * Delivers one firing: null when it is gone (its alert was deleted) or someone delivered it already, else the
 * notification made.
 */
export async function deliverFiring(deps: DeliveryDeps, firingId: number): Promise<AppNotification | null> {
  const { alertFirings, alerts } = tablesOf(deps.db);
  const found = await first(
    deps.db
      .select({ firing: alertFirings, note: alerts.note, channels: alerts.channels })
      .from(alertFirings)
      .innerJoin(alerts, eq(alerts.id, alertFirings.alertId))
      .where(eq(alertFirings.id, firingId))
      .limit(1),
  );
  if (!found || found.firing.notificationId !== null) return null;
  const { firing } = found;
  const channels = parseChannels(found.channels) ?? undefined;
  return notifyOnce(
    deps,
    firing.userId,
    firingNotification(firing, found.note),
    channels,
    async (tx, notificationId) => {
      const { alertFirings } = tablesOf(tx);
      const claimed = await tx
        .update(alertFirings)
        .set({ notificationId, deliveredAt: deps.now() })
        .where(and(eq(alertFirings.id, firingId), isNull(alertFirings.notificationId)))
        .returning({ id: alertFirings.id });
      return claimed.length === 1;
    },
  );
}

/**
 * Delivers many firings in one transaction (the engine hands a recorded batch or a look at the outbox: 100 at most):
 * the notifications made, in the order of the ids (null for a firing gone or delivered already).
 */
export async function deliverFirings(
  deps: DeliveryDeps,
  firingIds: readonly number[],
): Promise<Array<AppNotification | null>> {
  const { alertFirings, alerts } = tablesOf(deps.db);
  if (firingIds.length === 0) return [];
  const found = await deps.db
    .select({ firing: alertFirings, note: alerts.note, channels: alerts.channels })
    .from(alertFirings)
    .innerJoin(alerts, eq(alerts.id, alertFirings.alertId))
    .where(and(inArray(alertFirings.id, [...firingIds]), isNull(alertFirings.notificationId)));
  if (found.length === 0) return firingIds.map(() => null);
  const notifications = await notifyEachOnce(
    deps,
    found.map(({ firing, note, channels }) => ({
      userId: firing.userId,
      input: firingNotification(firing, note),
      channels: parseChannels(channels) ?? undefined,
    })),
    // Each firing takes its notification only if it has none yet: another instance may have delivered it since the
    // read above (the claim runs under the users' locks, after that instance's commit).
    async (tx, stored) => {
      const { alertFirings } = tablesOf(tx);
      const firingOf = (index: number) => found[index].firing.id;
      const notificationIdOf = sql.join(
        stored.map(({ index, notificationId }) => sql`when ${firingOf(index)} then cast(${notificationId} as integer)`),
        sql` `,
      );
      const claimed = await tx
        .update(alertFirings)
        .set({ notificationId: sql`case ${alertFirings.id} ${notificationIdOf} end`, deliveredAt: deps.now() })
        .where(
          and(
            inArray(
              alertFirings.id,
              stored.map(({ index }) => firingOf(index)),
            ),
            isNull(alertFirings.notificationId),
          ),
        )
        .returning({ id: alertFirings.id });
      const ids = new Set(claimed.map((row) => row.id));
      return new Set(stored.flatMap(({ index }) => (ids.has(firingOf(index)) ? [index] : [])));
    },
  );
  const made = new Map<number, AppNotification>();
  found.forEach((row, index) => {
    const notification = notifications[index];
    if (notification) made.set(row.firing.id, notification);
  });
  return firingIds.map((id) => made.get(id) ?? null);
}
