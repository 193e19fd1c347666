import { Skeleton, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { retryableLazy } from '../../../components/retryableLazy';
import { useAuth } from '../../../lib/useAuth';
import type { Watchlist } from './useWatchlist';
import { WatchlistList } from './WatchlistList';

// A signed-in user's own lists load on demand: visitors' first paint of /trading stays as it was.
const UserWatchlistPanel = retryableLazy(() => import('../../watchlists/UserWatchlistPanel'));

export interface PanelWatchlistProps {
  /** The popular list with live prices: what visitors see (product.md §3). */
  popular: Watchlist;
  activeSymbol: string;
  onSelect: (symbol: string) => void;
}

/** The trading page's watchlist (panel, drawer, sheet): the popular list signed out, the user's own lists signed in. */
export function PanelWatchlist({ popular, activeSymbol, onSelect }: PanelWatchlistProps) {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return <WatchlistList watchlist={popular} activeSymbol={activeSymbol} onSelect={onSelect} />;
  return (
    <Suspense
      fallback={
        <Stack gap={6} role="status" aria-busy="true" aria-label="Loading watchlist">
          <Skeleton height={40} radius="sm" />
          <Skeleton height={40} radius="sm" />
        </Stack>
      }
    >
      <UserWatchlistPanel activeSymbol={activeSymbol} onSelect={onSelect} />
    </Suspense>
  );
}

/** The panel's and drawer's title. */
export function usePanelTitle(): string {
  return useAuth().isAuthenticated ? 'Watchlist' : 'Popular';
}
