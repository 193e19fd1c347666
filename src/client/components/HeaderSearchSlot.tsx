import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { Suspense } from 'react';
import { requestFocusOnArrival } from '../lib/focusOnArrival';
import { useAuth } from '../lib/useAuth';
import { retryableLazy } from './retryableLazy';

// Only signed-in headers show the search: loaded on demand, so signed-out pages do not download it.
const WatchlistStockSearch = retryableLazy(() =>
  import('../features/watchlists/WatchlistStockSearch').then((m) => ({ default: m.WatchlistStockSearch })),
);

/**
 * The header's stock search (product.md §2): the shared dropdown; the picked symbol, upper-cased,
 * opens /trading?symbol=SYM as a new history entry, with keyboard focus on the chart's symbol. Each result can also
 * go into the current watchlist (issue 30 §1, search/optionAction.ts); the header shows no search signed out.
 */
export function HeaderSearchSlot({ onNavigate }: { onNavigate?: () => void } = {}) {
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return null;
  return (
    <Suspense
      fallback={
        <TextInput
          aria-label="Search stocks"
          placeholder="Search stocks…"
          leftSection={<IconSearch size={16} />}
          w={220}
          readOnly
        />
      }
    >
      <WatchlistStockSearch
        ariaLabel="Search stocks"
        w={220}
        onSelect={(symbol) => {
          onNavigate?.();
          requestFocusOnArrival();
          void navigate({ to: '/trading', search: { symbol } });
        }}
      />
    </Suspense>
  );
}
