import { Suspense } from 'react';
import { retryableLazy } from '../../components/retryableLazy';
import { useAuth } from '../../lib/useAuth';

// The menu (and the watchlist calls) load only for a signed-in user: the trading page's first paint stays as small.
const AddToWatchlistMenu = retryableLazy(() => import('./AddToWatchlistMenu'));

/** "Add to watchlist" for a symbol, signed in only (visitors have the popular list, and no lists of their own). */
export function AddToWatchlist({ symbol }: { symbol: string }) {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return null;
  return (
    <Suspense fallback={null}>
      <AddToWatchlistMenu symbol={symbol} />
    </Suspense>
  );
}
