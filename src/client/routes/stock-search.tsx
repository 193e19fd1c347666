import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/AppLayout';
import { StockSearchPage } from '../features/stock/StockSearchPage';

interface StockSearchParams {
  symbol?: string;
}

export const Route = createFileRoute('/stock-search')({
  validateSearch: (raw: Record<string, unknown>): StockSearchParams => {
    const value = typeof raw.symbol === 'string' || typeof raw.symbol === 'number' ? String(raw.symbol) : '';
    const symbol = value.trim().toUpperCase();
    return symbol ? { symbol } : {};
  },
  component: StockSearchRoute,
});

function StockSearchRoute() {
  const { symbol } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Each lookup is its own history entry, so back returns to the previous ticker.
  return (
    <AppLayout>
      <StockSearchPage symbol={symbol} onSearch={(next) => void navigate({ search: { symbol: next } })} />
    </AppLayout>
  );
}
