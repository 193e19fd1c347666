import { asc, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tablesOf } from '../../db/schema';

/**
 * The outbox: firings recorded whose notification is not stored yet (a crash between the two steps, or a failed
 * delivery), oldest first, through the partial index on undelivered rows. The evaluator delivers them (delivery.ts).
 */
export async function undeliveredFirings(db: Db, limit: number): Promise<number[]> {
  const { alertFirings } = tablesOf(db);
  const rows = await db
    .select({ id: alertFirings.id })
    .from(alertFirings)
    .where(isNull(alertFirings.notificationId))
    .orderBy(asc(alertFirings.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
