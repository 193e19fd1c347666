import { createFileRoute } from '@tanstack/react-router';
import { TradingRouteView } from '../features/trading/TradingRouteView';
import { parseTradingSearch } from '../features/trading/tradingParams';

/** product.md §2: for signed-in users /chat is the trading page (the AI agent opens from its toolbar). */
export const Route = createFileRoute('/chat')({
  validateSearch: parseTradingSearch,
  component: ChatRoute,
});

function ChatRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TradingRouteView search={search} replaceSearch={(next) => void navigate({ search: next, replace: true })} />;
}
