import type { Watchlist } from '../../../shared/watchlists/types';
import { smallStore } from '../../lib/smallStore';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

const KEY = STORAGE_KEYS.currentWatchlist;

// One value for the whole page, not a copy per component: the header search adds to the list the page beside it
// shows, and follows when the page switches lists.
const chosenList = smallStore<string | null>(readStored(KEY));

/**
 * The list the person looked at last, shared by the /watchlists page, the trading panel, the phone's drawer and the
 * header search (kept in local storage: the same list follows them from one screen to the next). A list deleted
 * meanwhile falls back to the first one.
 */
export function useCurrentWatchlist(lists: readonly Watchlist[] | undefined) {
  const chosen = chosenList.use();
  const current = lists?.find((l) => l.id === chosen) ?? lists?.[0] ?? null;
  const choose = (id: string) => {
    chosenList.set(id);
    writeStored(KEY, id);
  };
  return { current, choose };
}
