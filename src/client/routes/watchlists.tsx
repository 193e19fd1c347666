import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/AppLayout';
import { WatchlistsPage } from '../features/watchlists/WatchlistsPage';

// The component is split into its own chunk by the router plugin (autoCodeSplitting): it loads on demand.
export const Route = createFileRoute('/watchlists')({
  component: WatchlistsRoute,
});

function WatchlistsRoute() {
  return (
    <AppLayout>
      <WatchlistsPage />
    </AppLayout>
  );
}
