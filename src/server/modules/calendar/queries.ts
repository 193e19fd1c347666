import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tablesOf } from '../../db/schema';

/**
 * What the calendar reads of the user's portfolios: the symbols held now and the dividends the ledger records. Read
 * here rather than through the portfolio module, which owns the writes; every read is keyed by the owner.
 */

export async function heldSymbols(db: Db, userId: string): Promise<string[]> {
  const { holdings, portfolios } = tablesOf(db);
  const rows = await db
    .selectDistinct({ symbol: holdings.symbol })
    .from(holdings)
    .innerJoin(portfolios, eq(portfolios.id, holdings.portfolioId))
    .where(eq(portfolios.userId, userId));
  return rows.map((r) => r.symbol);
}

export interface RecordedDividend {
  activityId: string;
  portfolioId: string;
  portfolioName: string;
  date: string;
  symbol: string;
  amount: string;
}

/** Dividend activities of every portfolio of the user dated from `from` to `to` (YYYY-MM-DD, both counted). */
export async function recordedDividends(db: Db, userId: string, from: string, to: string): Promise<RecordedDividend[]> {
  const { portfolioActivities, portfolios } = tablesOf(db);
  const rows = await db
    .select({
      activityId: portfolioActivities.id,
      portfolioId: portfolios.id,
      portfolioName: portfolios.name,
      date: portfolioActivities.date,
      symbol: portfolioActivities.symbol,
      amount: portfolioActivities.amount,
    })
    .from(portfolioActivities)
    .innerJoin(portfolios, eq(portfolios.id, portfolioActivities.portfolioId))
    .where(
      and(
        eq(portfolios.userId, userId),
        eq(portfolioActivities.type, 'dividend'),
        gte(portfolioActivities.date, from),
        lte(portfolioActivities.date, to),
      ),
    )
    .orderBy(asc(portfolioActivities.date), asc(portfolioActivities.id));
  // A dividend always has its symbol and amount (shared/portfolio/ledger/schemas.ts); the types cannot say so.
  return rows.flatMap((r) => (r.symbol && r.amount ? [{ ...r, symbol: r.symbol, amount: r.amount }] : []));
}
