import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type { portfolios, holdings } from '../../db/sqliteSchema';
import { exclusiveTransaction } from '../../db/transactions';

/** Portfolio and holding rows in and out of the database. Every read of a user's data is keyed by the owner too. */

export type PortfolioRow = typeof portfolios.$inferSelect;
export type HoldingRow = typeof holdings.$inferSelect;

/** What a write transaction decides about: the number of a user's portfolios, or one portfolio and its holdings. */
export const portfolioKeys = {
  /** The user's portfolio count (create at the limit). */
  ofUser: (userId: string) => `portfolios:${userId}`,
  /** One portfolio: its existence, its holdings count and its holdings by symbol. */
  portfolio: (portfolioId: string) => `portfolio:${portfolioId}`,
};

/**
 * Runs `work` in one write transaction in which a count and the insert it allows cannot interleave with another
 * request deciding about the same `keys` (see portfolioKeys), on either engine.
 */
export function inWriteTransaction<T>(db: Db, keys: readonly string[], work: (tx: Db) => Promise<T>): Promise<T> {
  return exclusiveTransaction(db, keys, work);
}

/* The reads every signed-in portfolio page makes are prepared once per handle (db/prepared.ts). */
const portfoliosOfUser = preparedQuery('portfolios_of_user', (db) => {
  const { portfolios } = tablesOf(db);
  return db
    .select()
    .from(portfolios)
    .where(eq(portfolios.userId, sql.placeholder('userId')))
    .orderBy(asc(portfolios.createdAt), asc(portfolios.id));
});

const ownedPortfolio = preparedQuery('owned_portfolio', (db) => {
  const { portfolios } = tablesOf(db);
  return db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.id, sql.placeholder('id')), eq(portfolios.userId, sql.placeholder('userId'))))
    .limit(1);
});

const holdingsOfPortfolio = preparedQuery('holdings_of_portfolio', (db) => {
  const { holdings } = tablesOf(db);
  return db
    .select()
    .from(holdings)
    .where(eq(holdings.portfolioId, sql.placeholder('portfolioId')))
    .orderBy(asc(holdings.createdAt), asc(holdings.symbol));
});

export async function listPortfolios(db: Db, userId: string): Promise<PortfolioRow[]> {
  return portfoliosOfUser(db).execute({ userId });
}

export async function countPortfolios(db: Db, userId: string): Promise<number> {
  const { portfolios } = tablesOf(db);
  const row = await first(db.select({ n: count() }).from(portfolios).where(eq(portfolios.userId, userId)).limit(1));
  return Number(row?.n ?? 0);
}

/** The portfolio when it exists and belongs to the user; someone else's is as absent as a missing one. */
export async function findOwnedPortfolio(db: Db, userId: string, id: string): Promise<PortfolioRow | undefined> {
  return first(ownedPortfolio(db).execute({ id, userId }));
}

export async function findPublicPortfolio(db: Db, link: string): Promise<PortfolioRow | undefined> {
  const { portfolios } = tablesOf(db);
  return first(
    db
      .select()
      .from(portfolios)
      .where(and(eq(portfolios.shareableLink, link), eq(portfolios.isPublic, true)))
      .limit(1),
  );
}

export async function holdingsOf(db: Db, portfolioId: string): Promise<HoldingRow[]> {
  return holdingsOfPortfolio(db).execute({ portfolioId });
}

export async function holdingsOfMany(db: Db, portfolioIds: readonly string[]): Promise<HoldingRow[]> {
  const { holdings } = tablesOf(db);
  if (portfolioIds.length === 0) return [];
  // Most users have one portfolio: the prepared read, in the same order.
  if (portfolioIds.length === 1) return holdingsOf(db, portfolioIds[0]);
  return db
    .select()
    .from(holdings)
    .where(inArray(holdings.portfolioId, [...portfolioIds]))
    .orderBy(asc(holdings.createdAt), asc(holdings.symbol));
}

export async function countHoldings(db: Db, portfolioId: string): Promise<number> {
  const { holdings } = tablesOf(db);
  const row = await first(
    db.select({ n: count() }).from(holdings).where(eq(holdings.portfolioId, portfolioId)).limit(1),
  );
  return Number(row?.n ?? 0);
}

/** A holding of a portfolio, by its id or its symbol; the caller has already read the portfolio's ownership. */
export async function findHolding(
  db: Db,
  portfolioId: string,
  by: { id: string } | { symbol: string },
): Promise<HoldingRow | undefined> {
  const { holdings } = tablesOf(db);
  const which = 'id' in by ? eq(holdings.id, by.id) : eq(holdings.symbol, by.symbol);
  return first(
    db
      .select()
      .from(holdings)
      .where(and(eq(holdings.portfolioId, portfolioId), which))
      .limit(1),
  );
}

/** The holding and its portfolio when the user owns that portfolio. */
export async function findOwnedHolding(
  db: Db,
  userId: string,
  holdingId: string,
): Promise<{ holding: HoldingRow; portfolio: PortfolioRow } | undefined> {
  const { holdings, portfolios } = tablesOf(db);
  return first(
    db
      .select({ holding: holdings, portfolio: portfolios })
      .from(holdings)
      .innerJoin(portfolios, eq(portfolios.id, holdings.portfolioId))
      .where(and(eq(holdings.id, holdingId), eq(portfolios.userId, userId)))
      .limit(1),
  );
}

export async function insertPortfolio(db: Db, row: PortfolioRow): Promise<void> {
  const { portfolios } = tablesOf(db);
  await db.insert(portfolios).values(row);
}

export async function updatePortfolio(
  db: Db,
  id: string,
  patch: Partial<Omit<PortfolioRow, 'id' | 'userId'>>,
): Promise<void> {
  const { portfolios } = tablesOf(db);
  await db.update(portfolios).set(patch).where(eq(portfolios.id, id));
}

/**
 * Moves a ledger's version from `from` to `to` (compare-and-set): false when another write moved it first, or the
 * portfolio is gone or not the user's. The write's only read of the portfolio inside its transaction.
 */
export async function advanceLedgerVersion(
  db: Db,
  userId: string,
  id: string,
  from: number,
  to: number,
): Promise<boolean> {
  const { portfolios } = tablesOf(db);
  const moved = await db
    .update(portfolios)
    .set({ updatedAt: to })
    .where(and(eq(portfolios.id, id), eq(portfolios.userId, userId), eq(portfolios.updatedAt, from)))
    .returning({ id: portfolios.id });
  return moved.length === 1;
}

export async function deletePortfolio(db: Db, id: string): Promise<void> {
  const { portfolios } = tablesOf(db);
  await db.delete(portfolios).where(eq(portfolios.id, id));
}

export async function insertHolding(db: Db, row: HoldingRow): Promise<void> {
  const { holdings } = tablesOf(db);
  await db.insert(holdings).values(row);
}

export async function updateHolding(
  db: Db,
  id: string,
  patch: Pick<HoldingRow, 'quantity' | 'averagePrice' | 'updatedAt'>,
): Promise<void> {
  const { holdings } = tablesOf(db);
  await db.update(holdings).set(patch).where(eq(holdings.id, id));
}

export async function deleteHolding(db: Db, portfolioId: string, holdingId: string): Promise<boolean> {
  const { holdings } = tablesOf(db);
  const deleted = await db
    .delete(holdings)
    .where(and(eq(holdings.id, holdingId), eq(holdings.portfolioId, portfolioId)))
    .returning({ id: holdings.id });
  return deleted.length > 0;
}
