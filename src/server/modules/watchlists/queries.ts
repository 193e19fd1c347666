import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type { watchlists, watchlistSymbols } from '../../db/sqliteSchema';
import { exclusiveTransaction } from '../../db/transactions';

/** Watchlist rows in and out of the database. Every read of a user's lists is keyed by the owner too. */

export type WatchlistRecord = typeof watchlists.$inferSelect;
export type WatchlistSymbolRecord = typeof watchlistSymbols.$inferSelect;

/** What a write transaction decides about: a user's set of lists (count, names, the popular list), or one list. */
export const watchlistKeys = {
  ofUser: (userId: string) => `watchlists:${userId}`,
  list: (watchlistId: string) => `watchlist:${watchlistId}`,
};

/**
 * Runs `work` in one write transaction in which a count and the write it allows cannot interleave with another
 * request deciding about the same `keys` (see watchlistKeys), on either engine and across instances.
 */
export function inWriteTransaction<T>(db: Db, keys: readonly string[], work: (tx: Db) => Promise<T>): Promise<T> {
  return exclusiveTransaction(db, keys, work);
}

export function listsOf(db: Db, userId: string): Promise<WatchlistRecord[]> {
  const { watchlists } = tablesOf(db);
  return db
    .select()
    .from(watchlists)
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
}

/** The list when it exists and belongs to the user; someone else's is as absent as a missing one. */
export function findOwnedList(db: Db, userId: string, id: string): Promise<WatchlistRecord | undefined> {
  const { watchlists } = tablesOf(db);
  return first(
    db
      .select()
      .from(watchlists)
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
      .limit(1),
  );
}

/** The symbols of the lists, each list's in its order. */
export function symbolsOfLists(
  db: Db,
  listIds: readonly string[],
): Promise<Pick<WatchlistSymbolRecord, 'watchlistId' | 'symbol' | 'addedAt'>[]> {
  const { watchlistSymbols } = tablesOf(db);
  if (listIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      watchlistId: watchlistSymbols.watchlistId,
      symbol: watchlistSymbols.symbol,
      addedAt: watchlistSymbols.addedAt,
    })
    .from(watchlistSymbols)
    .where(inArray(watchlistSymbols.watchlistId, [...listIds]))
    .orderBy(asc(watchlistSymbols.watchlistId), asc(watchlistSymbols.position));
}

export async function symbolsOfList(db: Db, listId: string): Promise<string[]> {
  return (await symbolsOfLists(db, [listId])).map((r) => r.symbol);
}

/** Every symbol on any of the user's lists, once. */
export async function watchedSymbols(db: Db, userId: string): Promise<string[]> {
  const { watchlistSymbols, watchlists } = tablesOf(db);
  const rows = await db
    .selectDistinct({ symbol: watchlistSymbols.symbol })
    .from(watchlistSymbols)
    .innerJoin(watchlists, eq(watchlists.id, watchlistSymbols.watchlistId))
    .where(eq(watchlists.userId, userId));
  return rows.map((r) => r.symbol);
}

export async function countLists(db: Db, userId: string): Promise<number> {
  const { watchlists } = tablesOf(db);
  const row = await first(db.select({ n: count() }).from(watchlists).where(eq(watchlists.userId, userId)).limit(1));
  return Number(row?.n ?? 0);
}

/** How many symbols the list holds and the highest position taken (-1 when empty). */
export async function listFill(db: Db, listId: string): Promise<{ count: number; lastPosition: number }> {
  const { watchlistSymbols } = tablesOf(db);
  const row = await first(
    db
      .select({ n: count(), last: max(watchlistSymbols.position) })
      .from(watchlistSymbols)
      .where(eq(watchlistSymbols.watchlistId, listId))
      .limit(1),
  );
  return {
    count: Number(row?.n ?? 0),
    lastPosition: row?.last === null || row?.last === undefined ? -1 : Number(row.last),
  };
}

export async function hasSymbol(db: Db, listId: string, symbol: string): Promise<boolean> {
  const { watchlistSymbols } = tablesOf(db);
  const row = await first(
    db
      .select({ symbol: watchlistSymbols.symbol })
      .from(watchlistSymbols)
      .where(and(eq(watchlistSymbols.watchlistId, listId), eq(watchlistSymbols.symbol, symbol)))
      .limit(1),
  );
  return row !== undefined;
}

export async function insertList(db: Db, row: WatchlistRecord): Promise<void> {
  const { watchlists } = tablesOf(db);
  await db.insert(watchlists).values(row);
}

/** Appends `symbols` after `lastPosition`, in order. */
export async function appendSymbols(
  db: Db,
  listId: string,
  symbols: readonly string[],
  lastPosition: number,
  now: number,
): Promise<void> {
  const { watchlistSymbols } = tablesOf(db);
  if (symbols.length === 0) return;
  await db
    .insert(watchlistSymbols)
    .values(
      symbols.map((symbol, i) => ({ watchlistId: listId, symbol, position: lastPosition + 1 + i, addedAt: now })),
    );
}

export async function removeSymbol(db: Db, listId: string, symbol: string): Promise<boolean> {
  const { watchlistSymbols } = tablesOf(db);
  const deleted = await db
    .delete(watchlistSymbols)
    .where(and(eq(watchlistSymbols.watchlistId, listId), eq(watchlistSymbols.symbol, symbol)))
    .returning({ symbol: watchlistSymbols.symbol });
  return deleted.length > 0;
}

/**
 * Rewrites the list's positions as 0..n-1 in `order` (the list's own symbols rearranged), keeping when each was added.
 * Deleted and inserted again in one transaction, so the unique positions never clash halfway.
 */
export async function rewriteOrder(
  db: Db,
  listId: string,
  order: readonly string[],
  addedAt: ReadonlyMap<string, number>,
): Promise<void> {
  const { watchlistSymbols } = tablesOf(db);
  await db.delete(watchlistSymbols).where(eq(watchlistSymbols.watchlistId, listId));
  if (order.length === 0) return;
  await db
    .insert(watchlistSymbols)
    .values(
      order.map((symbol, position) => ({ watchlistId: listId, symbol, position, addedAt: addedAt.get(symbol)! })),
    );
}

export async function updateList(
  db: Db,
  listId: string,
  patch: Partial<Pick<WatchlistRecord, 'name' | 'updatedAt'>>,
): Promise<void> {
  const { watchlists } = tablesOf(db);
  await db.update(watchlists).set(patch).where(eq(watchlists.id, listId));
}

export async function deleteList(db: Db, listId: string): Promise<void> {
  const { watchlists } = tablesOf(db);
  await db.delete(watchlists).where(eq(watchlists.id, listId));
}

export async function hasStarted(db: Db, userId: string): Promise<boolean> {
  const { watchlistStarts } = tablesOf(db);
  const row = await first(
    db
      .select({ userId: watchlistStarts.userId })
      .from(watchlistStarts)
      .where(eq(watchlistStarts.userId, userId))
      .limit(1),
  );
  return row !== undefined;
}

export async function markStarted(db: Db, userId: string, now: number): Promise<void> {
  const { watchlistStarts } = tablesOf(db);
  await db.insert(watchlistStarts).values({ userId, createdAt: now });
}
