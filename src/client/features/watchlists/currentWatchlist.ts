import { useState } from 'react';
import type { Watchlist } from '../../../shared/watchlists/types';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

const KEY = STORAGE_KEYS.currentWatchlist;

/**
 * The list the person looked at last, shared by the /watchlists page, the trading panel and the phone's drawer (kept
 * in local storage: the same list follows them from one screen to the next). A list deleted meanwhile falls back to the
 * first one.
 */
export function useCurrentWatchlist(lists: readonly Watchlist[] | undefined) {
  const [chosen, setChosen] = useState(() => readStored(KEY));
  const current = lists?.find((l) => l.id === chosen) ?? lists?.[0] ?? null;
  const choose = (id: string) => {
    setChosen(id);
    writeStored(KEY, id);
  };
  return { current, choose };
}
