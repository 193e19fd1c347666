import { groupBy } from '../../../shared/groupBy';
import { MAX_SYMBOLS_PER_WATCHLIST, MAX_WATCHLISTS_PER_USER } from '../../../shared/watchlists/limits';
import { WATCHLIST_MESSAGES as M } from '../../../shared/watchlists/messages';
import type { Watchlist, WatchlistDetail } from '../../../shared/watchlists/types';
import type { AppDeps } from '../../depsTypes';
import type { Db } from '../../db/client';
import { withMarketErrors } from '../stocks/errors';
import { badInput, conflict, symbolNotListed, watchlistNotFound } from './errors';
import {
  appendSymbols,
  deleteList,
  findOwnedList,
  hasSymbol,
  insertList,
  inWriteTransaction,
  listFill,
  listsOf,
  removeSymbol,
  rewriteOrder,
  symbolsOfList,
  symbolsOfLists,
  updateList,
  watchlistKeys,
  type WatchlistRecord,
} from './queries';
import { watchlistRows } from './rows';
import { ensureStarterList, newWatchlistId } from './starterList';

/**
 * A user's watchlists (issue 30 §1): list, create, read with rows, rename, delete, and the symbols of one list: add,
 * remove, reorder. Every call is the signed-in user's own and starts by making sure they have their popular list.
 * Checks and the writes they allow share one write transaction per user (the list count and names) or per list (its
 * symbols and their positions), so parallel requests cannot pass a limit or tangle an order, on either engine and
 * across instances. Every write tells the list's live rows, wherever they run.
 */

type Deps = Pick<AppDeps, 'db' | 'now' | 'market' | 'watchlists'>;

const iso = (ms: number) => new Date(ms).toISOString();

export function watchlistOf(row: WatchlistRecord, symbols: string[]): Watchlist {
  return { id: row.id, name: row.name, symbols, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

/** A list's version moves forward on every change, by at least 1 ms. */
const nextUpdate = (row: WatchlistRecord, now: number) => Math.max(now, row.updatedAt + 1);

/** Names compare without case: "Tech" and "tech" are the same list to a person. */
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function requireOwnedList(db: Db, userId: string, id: string): Promise<WatchlistRecord> {
  const row = await findOwnedList(db, userId, id);
  if (!row) throw watchlistNotFound();
  return row;
}

/** Refuses a symbol the market does not know ("Unknown symbol XYZ"), with one batched quotes call. */
async function requireKnownSymbols(deps: Deps, symbols: readonly string[]): Promise<void> {
  if (symbols.length === 0) return;
  const quotes = await withMarketErrors(() => deps.market.quotes(symbols));
  const unknown = symbols.find((s) => !quotes[s]);
  if (unknown) throw badInput(M.unknownSymbol(unknown));
}

export async function listWatchlists(deps: Deps, userId: string): Promise<Watchlist[]> {
  await ensureStarterList(deps, userId);
  const lists = await listsOf(deps.db, userId);
  const symbols = groupBy(
    await symbolsOfLists(
      deps.db,
      lists.map((l) => l.id),
    ),
    (r) => r.watchlistId,
  );
  return lists.map((list) =>
    watchlistOf(
      list,
      (symbols.get(list.id) ?? []).map((r) => r.symbol),
    ),
  );
}

export async function getWatchlist(deps: Deps, userId: string, id: string): Promise<WatchlistDetail> {
  await ensureStarterList(deps, userId);
  const list = await requireOwnedList(deps.db, userId, id);
  const symbols = await symbolsOfList(deps.db, id);
  const { rows, errors } = await watchlistRows(deps, symbols);
  return { ...watchlistOf(list, symbols), rows, errors };
}

export async function createWatchlist(
  deps: Deps,
  userId: string,
  input: { name: string; symbols?: string[] },
): Promise<Watchlist> {
  await ensureStarterList(deps, userId);
  const symbols = input.symbols ?? [];
  await requireKnownSymbols(deps, symbols);
  const now = deps.now();
  const row = await inWriteTransaction(deps.db, [watchlistKeys.ofUser(userId)], async (tx) => {
    const lists = await listsOf(tx, userId);
    if (lists.length >= MAX_WATCHLISTS_PER_USER) throw badInput(M.tooManyLists);
    if (lists.some((l) => sameName(l.name, input.name))) throw conflict(M.nameTaken(input.name));
    // Lists show in creation order: a new one comes after every other even within the same millisecond.
    const createdAt = Math.max(now, ...lists.map((l) => l.createdAt + 1));
    const created: WatchlistRecord = {
      id: newWatchlistId(),
      userId,
      name: input.name,
      createdAt,
      updatedAt: createdAt,
    };
    await insertList(tx, created);
    await appendSymbols(tx, created.id, symbols, -1, now);
    return created;
  });
  return watchlistOf(row, symbols);
}

export async function renameWatchlist(deps: Deps, userId: string, id: string, name: string): Promise<Watchlist> {
  await ensureStarterList(deps, userId);
  const now = deps.now();
  const row = await inWriteTransaction(deps.db, [watchlistKeys.ofUser(userId)], async (tx) => {
    const lists = await listsOf(tx, userId);
    const list = lists.find((l) => l.id === id);
    if (!list) throw watchlistNotFound();
    if (list.name === name) return list;
    if (lists.some((l) => l.id !== id && sameName(l.name, name))) throw conflict(M.nameTaken(name));
    const renamed = { ...list, name, updatedAt: nextUpdate(list, now) };
    await updateList(tx, id, { name, updatedAt: renamed.updatedAt });
    return renamed;
  });
  deps.watchlists.changes.changed(userId, id);
  return watchlistOf(row, await symbolsOfList(deps.db, id));
}

export async function deleteWatchlist(deps: Deps, userId: string, id: string): Promise<{ id: string }> {
  await ensureStarterList(deps, userId);
  await inWriteTransaction(deps.db, [watchlistKeys.ofUser(userId), watchlistKeys.list(id)], async (tx) => {
    await requireOwnedList(tx, userId, id);
    await deleteList(tx, id);
  });
  deps.watchlists.changes.changed(userId, id);
  return { id };
}

/**
 * Runs `change` on the owner's list inside the list's write transaction and answers the list as it then is; its
 * version moves forward and its live rows hear of it.
 */
async function changeSymbols(
  deps: Deps,
  userId: string,
  id: string,
  change: (tx: Db, list: WatchlistRecord, now: number) => Promise<boolean>,
): Promise<Watchlist> {
  const now = deps.now();
  const answer = await inWriteTransaction(deps.db, [watchlistKeys.list(id)], async (tx) => {
    let list = await requireOwnedList(tx, userId, id);
    if (await change(tx, list, now)) {
      list = { ...list, updatedAt: nextUpdate(list, now) };
      await updateList(tx, id, { updatedAt: list.updatedAt });
    }
    return watchlistOf(list, await symbolsOfList(tx, id));
  });
  deps.watchlists.changes.changed(userId, id);
  return answer;
}

export async function addSymbol(deps: Deps, userId: string, id: string, symbol: string): Promise<Watchlist> {
  await ensureStarterList(deps, userId);
  // Someone else's or a missing list is a 404 before the market is asked anything.
  await requireOwnedList(deps.db, userId, id);
  await requireKnownSymbols(deps, [symbol]);
  return changeSymbols(deps, userId, id, async (tx, _list, now) => {
    if (await hasSymbol(tx, id, symbol)) throw conflict(M.alreadyListed(symbol));
    const { count, lastPosition } = await listFill(tx, id);
    if (count >= MAX_SYMBOLS_PER_WATCHLIST) throw badInput(M.tooManySymbols);
    await appendSymbols(tx, id, [symbol], lastPosition, now);
    return true;
  });
}

export async function removeSymbolFrom(deps: Deps, userId: string, id: string, symbol: string): Promise<Watchlist> {
  await ensureStarterList(deps, userId);
  return changeSymbols(deps, userId, id, async (tx) => {
    if (!(await removeSymbol(tx, id, symbol))) throw symbolNotListed(symbol);
    return true;
  });
}

/** `order` must be the list's symbols rearranged (the schema refused duplicates); anything else is a 409. */
export async function reorderWatchlist(
  deps: Deps,
  userId: string,
  id: string,
  order: readonly string[],
): Promise<Watchlist> {
  await ensureStarterList(deps, userId);
  return changeSymbols(deps, userId, id, async (tx) => {
    const current = await symbolsOfLists(tx, [id]);
    const held = new Set(current.map((r) => r.symbol));
    const wanted = new Set(order);
    const missing = current.map((r) => r.symbol).filter((s) => !wanted.has(s));
    const extra = order.filter((s) => !held.has(s));
    if (missing.length > 0 || extra.length > 0) throw conflict(M.orderMismatch(missing, extra));
    if (current.every((r, i) => r.symbol === order[i])) return false;
    await rewriteOrder(tx, id, order, new Map(current.map((r) => [r.symbol, r.addedAt])));
    return true;
  });
}
