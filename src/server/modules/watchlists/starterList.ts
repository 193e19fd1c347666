import { generateIdFromEntropySize } from 'lucia';
import { POPULAR_WATCHLIST } from '../../../shared/market/constants';
import { POPULAR_LIST_NAME } from '../../../shared/watchlists/limits';
import type { AppDeps } from '../../depsTypes';
import { appendSymbols, hasStarted, insertList, inWriteTransaction, markStarted, watchlistKeys } from './queries';

export const newWatchlistId = () => generateIdFromEntropySize(10);

/**
 * Gives the user their first list, the spec's popular one (product.md §3: what visitors see), unless they had it.
 * Every watchlist call runs this first, so the popular list is first whatever the user's first call is. It is made in
 * the user's write transaction together with the `watchlist_starts` row, whose key makes it once even when two first
 * reads race on two instances; the row stays when the user deletes the list, so it never comes back.
 */
export async function ensureStarterList(deps: Pick<AppDeps, 'db' | 'now' | 'watchlists'>, userId: string) {
  if (deps.watchlists.started.has(userId)) return;
  if (!(await hasStarted(deps.db, userId))) {
    const now = deps.now();
    await inWriteTransaction(deps.db, [watchlistKeys.ofUser(userId)], async (tx) => {
      if (await hasStarted(tx, userId)) return;
      await markStarted(tx, userId, now);
      const id = newWatchlistId();
      await insertList(tx, { id, userId, name: POPULAR_LIST_NAME, createdAt: now, updatedAt: now });
      await appendSymbols(tx, id, POPULAR_WATCHLIST, -1, now);
    });
  }
  deps.watchlists.started.set(userId, true);
}
