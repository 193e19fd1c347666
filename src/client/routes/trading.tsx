import { createFileRoute } from '@tanstack/react-router';
import { TradingRouteView } from '../features/trading/TradingRouteView';
import { parseTradingSearch } from '../features/trading/tradingParams';

export const Route = createFileRoute('/trading')({
  validateSearch: parseTradingSearch,
  component: TradingRoute,
});

function TradingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TradingRouteView search={search} replaceSearch={(next) => void navigate({ search: next, replace: true })} />;
}
