import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { holdings, portfolios } from '../../db/schema';

/** Portfolio and holding rows in and out of the database. Every read of a user's data is keyed by the owner too. */

export type PortfolioRow = typeof portfolios.$inferSelect;
export type HoldingRow = typeof holdings.$inferSelect;

/**
 * The reads every page view makes, prepared once per database handle: building and preparing a drizzle query
 * costs more than running it, and the shared page and price refreshes run these constantly.
 */
function preparedReads(db: Db) {
  return {
    ownedPortfolio: db
      .select()
      .from(portfolios)
      .where(and(eq(portfolios.id, sql.placeholder('id')), eq(portfolios.userId, sql.placeholder('userId'))))
      .prepare(),
    publicPortfolio: db
      .select()
      .from(portfolios)
      .where(and(eq(portfolios.shareableLink, sql.placeholder('link')), eq(portfolios.isPublic, true)))
      .prepare(),
    holdingsOf: db
      .select()
      .from(holdings)
      .where(eq(holdings.portfolioId, sql.placeholder('portfolioId')))
      .orderBy(asc(holdings.createdAt), asc(holdings.symbol))
      .prepare(),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof preparedReads>>();
function reads(db: Db) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = preparedReads(db);
    prepared.set(db, statements);
  }
  return statements;
}

/** Runs `work` in one write transaction taken up front, so a count and the insert it allows cannot interleave. */
export function inWriteTransaction<T>(db: Db, work: (tx: Db) => T): T {
  return db.transaction((tx) => work(tx as unknown as Db), { behavior: 'immediate' });
}

export function listPortfolios(db: Db, userId: string): PortfolioRow[] {
  return db
    .select()
    .from(portfolios)
    .where(eq(portfolios.userId, userId))
    .orderBy(asc(portfolios.createdAt), asc(portfolios.id))
    .all();
}

export function countPortfolios(db: Db, userId: string): number {
  return db.select({ n: count() }).from(portfolios).where(eq(portfolios.userId, userId)).get()?.n ?? 0;
}

/** The portfolio when it exists and belongs to the user; someone else's is as absent as a missing one. */
export function findOwnedPortfolio(db: Db, userId: string, id: string): PortfolioRow | undefined {
  return reads(db).ownedPortfolio.get({ id, userId });
}

export function findPublicPortfolio(db: Db, link: string): PortfolioRow | undefined {
  return reads(db).publicPortfolio.get({ link });
}

export function holdingsOf(db: Db, portfolioId: string): HoldingRow[] {
  return reads(db).holdingsOf.all({ portfolioId });
}

export function holdingsOfMany(db: Db, portfolioIds: readonly string[]): HoldingRow[] {
  if (portfolioIds.length === 0) return [];
  return db
    .select()
    .from(holdings)
    .where(inArray(holdings.portfolioId, [...portfolioIds]))
    .orderBy(asc(holdings.createdAt), asc(holdings.symbol))
    .all();
}

export function countHoldings(db: Db, portfolioId: string): number {
  return db.select({ n: count() }).from(holdings).where(eq(holdings.portfolioId, portfolioId)).get()?.n ?? 0;
}

export function findHoldingBySymbol(db: Db, portfolioId: string, symbol: string): HoldingRow | undefined {
  return db
    .select()
    .from(holdings)
    .where(and(eq(holdings.portfolioId, portfolioId), eq(holdings.symbol, symbol)))
    .get();
}

/** The holding and its portfolio when the user owns that portfolio. */
export function findOwnedHolding(
  db: Db,
  userId: string,
  holdingId: string,
): { holding: HoldingRow; portfolio: PortfolioRow } | undefined {
  const row = db
    .select({ holding: holdings, portfolio: portfolios })
    .from(holdings)
    .innerJoin(portfolios, eq(portfolios.id, holdings.portfolioId))
    .where(and(eq(holdings.id, holdingId), eq(portfolios.userId, userId)))
    .get();
  return row ?? undefined;
}

export function insertPortfolio(db: Db, row: PortfolioRow): void {
  db.insert(portfolios).values(row).run();
}

export function updatePortfolio(db: Db, id: string, patch: Partial<Omit<PortfolioRow, 'id' | 'userId'>>): void {
  db.update(portfolios).set(patch).where(eq(portfolios.id, id)).run();
}

export function deletePortfolio(db: Db, id: string): void {
  db.delete(portfolios).where(eq(portfolios.id, id)).run();
}

export function insertHolding(db: Db, row: HoldingRow): void {
  db.insert(holdings).values(row).run();
}

export function updateHolding(
  db: Db,
  id: string,
  patch: Pick<HoldingRow, 'quantity' | 'averagePrice' | 'updatedAt'>,
): void {
  db.update(holdings).set(patch).where(eq(holdings.id, id)).run();
}

export function deleteHolding(db: Db, portfolioId: string, holdingId: string): boolean {
  const result = db
    .delete(holdings)
    .where(and(eq(holdings.id, holdingId), eq(holdings.portfolioId, portfolioId)))
    .run();
  return result.changes > 0;
}
