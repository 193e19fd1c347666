import type { AppDeps } from '../../depsTypes';
import { watchedSymbols } from './queries';
import { ensureStarterList } from './starterList';

/**
 * Every symbol on any of the user's watchlists, once (the calendar's "watched"). The popular list counts from the
 * first call, as it does on the watchlist screens.
 */
export async function watchedSymbolsOf(
  deps: Pick<AppDeps, 'db' | 'now' | 'watchlists'>,
  userId: string,
): Promise<string[]> {
  await ensureStarterList(deps, userId);
  return watchedSymbols(deps.db, userId);
}
