import { inArray } from 'drizzle-orm';
import type { AlertCondition, AlertFrequency } from '../../../shared/alerts/conditions';
import type { Alert, AlertFiring, AlertStatus } from '../../../shared/alerts/types';
import type { NotificationChannel } from '../../../shared/notifications/types';
import type { Db } from '../../db/client';
import { tablesOf } from '../../db/schema';
import type { alerts, alertFirings } from '../../db/sqliteSchema';
import type { IndexedAlert } from './index/alertIndex';

/** Alert rows in and out of the database, and the shapes they leave the server in. */

export type AlertRow = typeof alerts.$inferSelect;
export type FiringRow = typeof alertFirings.$inferSelect;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The stored channel list: null (the user's preferences) or the chosen channels, in-app first. */
export function parseChannels(text: string | null): NotificationChannel[] | null {
  if (text === null) return null;
  try {
    const list = JSON.parse(text) as NotificationChannel[];
    return ['inApp', ...list.filter((c) => c === 'push' || c === 'email')];
  } catch {
    return null;
  }
}

export const storeChannels = (channels: readonly string[] | null | undefined): string | null =>
  channels === null || channels === undefined ? null : JSON.stringify(channels.filter((c) => c !== 'inApp'));

export function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    symbol: row.symbol,
    condition: row.condition as AlertCondition,
    level: row.level,
    frequency: row.frequency as AlertFrequency,
    intervalSeconds: row.intervalMs === null ? null : Math.round(row.intervalMs / 1000),
    note: row.note,
    channels: parseChannels(row.channels),
    expiresAt: iso(row.expiresAt),
    status: row.status as AlertStatus,
    nextEligibleAt: row.status === 'armed' ? iso(row.nextEligibleAt) : null,
    fireCount: row.fireCount,
    lastFiredAt: iso(row.lastFiredAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export function toFiring(row: FiringRow): AlertFiring {
  return {
    id: row.id,
    alertId: row.alertId,
    symbol: row.symbol,
    condition: row.condition as AlertCondition,
    level: row.level,
    value: row.value,
    price: row.price,
    currency: row.currency,
    tickAt: iso(row.tickAt)!,
    firedAt: iso(row.firedAt)!,
    capped: row.capped,
    notificationId: row.notificationId,
    deliveredAt: iso(row.deliveredAt),
  };
}

/** What the index keeps of an armed alert. */
export function toIndexed(row: AlertRow): IndexedAlert {
  return {
    id: row.id,
    symbol: row.symbol,
    condition: row.condition as AlertCondition,
    level: row.level,
    generation: row.generation,
    armedAt: row.armedAt,
    baseline: row.baseline,
    nextEligibleAt: row.nextEligibleAt,
  };
}

/** The rows of these ids that still exist. */
export async function alertRows(db: Db, ids: readonly number[]): Promise<AlertRow[]> {
  const { alerts } = tablesOf(db);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(alerts)
    .where(inArray(alerts.id, [...ids]));
}
