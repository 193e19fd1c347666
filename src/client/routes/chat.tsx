import { createFileRoute } from '@tanstack/react-router';
import { preloadAgentForMembers } from '../features/chat/preloadAgent';
import { TradingRouteView } from '../features/trading/TradingRouteView';
import { parseTradingSearch } from '../features/trading/tradingParams';

/** product.md §2: for signed-in users /chat is the trading page (the AI agent opens from its toolbar). */
export const Route = createFileRoute('/chat')({
  validateSearch: parseTradingSearch,
  // Not awaited: the page renders at once; this only starts the agent's load sooner (see preloadAgent.ts).
  loader: preloadAgentForMembers,
  component: ChatRoute,
});

function ChatRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TradingRouteView search={search} replaceSearch={(next) => void navigate({ search: next, replace: true })} />;
}
