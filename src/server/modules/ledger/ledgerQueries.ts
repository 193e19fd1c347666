import { and, asc, count, eq, gt } from 'drizzle-orm';
import { DEFAULT_PORTFOLIO_CURRENCY } from '../../../shared/market/currency';
import type { Activity, ActivityType } from '../../../shared/portfolio/ledger/types';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf, type Tables } from '../../db/schema';
import type { portfolioActivities } from '../../db/sqliteSchema';
import { nextTurn } from './nextTurn';

/** Ledger rows in and out of the database. Ledger order is date, then the order they were recorded. */

/** A stored row; a row made without a currency (tests, rows from before issue 27 §3) is stored in USD. */
export type ActivityRow = Omit<typeof portfolioActivities.$inferSelect, 'currency' | 'fxRate'> & {
  currency?: string | null;
  fxRate?: string | null;
};

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
    currency: row.currency ?? DEFAULT_PORTFOLIO_CURRENCY,
    fxRate: row.fxRate ?? null,
  };
}

/** Rows per read of a ledger: about a millisecond of SQLite's synchronous work each, with a turn of the loop between. */
const PAGE_ROWS = 1_000;

const ledgerOrder = (portfolioActivities: Tables['portfolioActivities']) => [
  asc(portfolioActivities.date),
  asc(portfolioActivities.createdAt),
  asc(portfolioActivities.id),
];

/**
 * A portfolio's activities in ledger order, read a page at a time with the event loop free between pages (issue 26:
 * one read of 19,000 rows held SQLite, and so every request, for hundreds of milliseconds). Pages go by date on the
 * (portfolio_id, date) index: a page that ends inside a day is cut before that day, and the day is read whole.
 */
export async function activitiesOf(db: Db, portfolioId: string): Promise<ActivityRow[]> {
  const { portfolioActivities } = tablesOf(db);
  const t = portfolioActivities;
  const rows: ActivityRow[] = [];
  for (let after: string | null = null; ;) {
    const page: ActivityRow[] = await db
      .select()
      .from(t)
      .where(and(eq(t.portfolioId, portfolioId), after === null ? undefined : gt(t.date, after)))
      .orderBy(...ledgerOrder(portfolioActivities))
      .limit(PAGE_ROWS);
    if (page.length < PAGE_ROWS) return rows.concat(page);
    const lastDay = page[page.length - 1].date;
    for (const row of page) if (row.date < lastDay) rows.push(row);
    await nextTurn();
    const day = await db
      .select()
      .from(t)
      .where(and(eq(t.portfolioId, portfolioId), eq(t.date, lastDay)))
      .orderBy(...ledgerOrder(portfolioActivities));
    for (const row of day) rows.push(row);
    after = lastDay;
    await nextTurn();
  }
}

export async function countActivities(db: Db, portfolioId: string): Promise<number> {
  const { portfolioActivities } = tablesOf(db);
  const row = await first(
    db
      .select({ n: count() })
      .from(portfolioActivities)
      .where(eq(portfolioActivities.portfolioId, portfolioId))
      .limit(1),
  );
  return Number(row?.n ?? 0);
}

/** A row as stored: without a currency it is in USD (as every row from before issue 27 §3). */
const stored = <T extends { currency?: string | null; fxRate?: string | null }>(row: T) => ({
  ...row,
  currency: row.currency ?? DEFAULT_PORTFOLIO_CURRENCY,
  fxRate: row.fxRate ?? null,
});

export async function insertActivities(db: Db, rows: readonly ActivityRow[]): Promise<void> {
  const { portfolioActivities } = tablesOf(db);
  // Bound parameters per statement stay well under both engines' limits (15 columns × 500 rows).
  for (let i = 0; i < rows.length; i += 500)
    await db.insert(portfolioActivities).values(rows.slice(i, i + 500).map(stored));
}

export async function updateActivityRow(
  db: Db,
  portfolioId: string,
  id: string,
  patch: Omit<ActivityRow, 'id' | 'portfolioId' | 'createdAt'>,
): Promise<boolean> {
  const { portfolioActivities } = tablesOf(db);
  const updated = await db
    .update(portfolioActivities)
    .set(stored(patch))
    .where(and(eq(portfolioActivities.id, id), eq(portfolioActivities.portfolioId, portfolioId)))
    .returning({ id: portfolioActivities.id });
  return updated.length > 0;
}

export async function deleteActivityRow(db: Db, portfolioId: string, id: string): Promise<boolean> {
  const { portfolioActivities } = tablesOf(db);
  const deleted = await db
    .delete(portfolioActivities)
    .where(and(eq(portfolioActivities.id, id), eq(portfolioActivities.portfolioId, portfolioId)))
    .returning({ id: portfolioActivities.id });
  return deleted.length > 0;
}

export async function deleteActivitiesOfSymbol(db: Db, portfolioId: string, symbol: string): Promise<void> {
  const { portfolioActivities } = tablesOf(db);
  await db
    .delete(portfolioActivities)
    .where(and(eq(portfolioActivities.portfolioId, portfolioId), eq(portfolioActivities.symbol, symbol)));
}
