import { and, asc, count, eq } from 'drizzle-orm';
import type { Activity, ActivityType } from '../../../shared/portfolio/ledger/types';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { portfolioActivities } from '../../db/schema';

/** Ledger rows in and out of the database. Ledger order is date, then the order they were recorded. */

export type ActivityRow = typeof portfolioActivities.$inferSelect;

export function activityOf(row: ActivityRow): Activity {
  return {
    id: row.id,
    type: row.type as ActivityType,
    date: row.date,
    symbol: row.symbol,
    quantity: row.quantity,
    price: row.price,
    fee: row.fee,
    amount: row.amount,
    ratio: row.ratio,
    note: row.note,
  };
}

export async function activitiesOf(db: Db, portfolioId: string): Promise<ActivityRow[]> {
  return db
    .select()
    .from(portfolioActivities)
    .where(eq(portfolioActivities.portfolioId, portfolioId))
    .orderBy(asc(portfolioActivities.date), asc(portfolioActivities.createdAt), asc(portfolioActivities.id));
}

export async function countActivities(db: Db, portfolioId: string): Promise<number> {
  const row = await first(
    db
      .select({ n: count() })
      .from(portfolioActivities)
      .where(eq(portfolioActivities.portfolioId, portfolioId))
      .limit(1),
  );
  return Number(row?.n ?? 0);
}

export async function insertActivities(db: Db, rows: readonly ActivityRow[]): Promise<void> {
  // Bound parameters per statement stay well under both engines' limits (13 columns × 500 rows).
  for (let i = 0; i < rows.length; i += 500) await db.insert(portfolioActivities).values(rows.slice(i, i + 500));
}

export async function updateActivityRow(
  db: Db,
  portfolioId: string,
  id: string,
  patch: Omit<ActivityRow, 'id' | 'portfolioId' | 'createdAt'>,
): Promise<boolean> {
  const updated = await db
    .update(portfolioActivities)
    .set(patch)
    .where(and(eq(portfolioActivities.id, id), eq(portfolioActivities.portfolioId, portfolioId)))
    .returning({ id: portfolioActivities.id });
  return updated.length > 0;
}

export async function deleteActivityRow(db: Db, portfolioId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(portfolioActivities)
    .where(and(eq(portfolioActivities.id, id), eq(portfolioActivities.portfolioId, portfolioId)))
    .returning({ id: portfolioActivities.id });
  return deleted.length > 0;
}

export async function deleteActivitiesOfSymbol(db: Db, portfolioId: string, symbol: string): Promise<void> {
  await db
    .delete(portfolioActivities)
    .where(and(eq(portfolioActivities.portfolioId, portfolioId), eq(portfolioActivities.symbol, symbol)));
}
