import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../../components/AppLayout';
import { PortfolioPage } from '../../features/portfolio/PortfolioPage';

// The component is split into its own chunk by the router plugin (autoCodeSplitting): it loads on demand.
export const Route = createFileRoute('/portfolio/')({
  component: PortfolioRoute,
});

function PortfolioRoute() {
  return (
    <AppLayout>
      <PortfolioPage />
    </AppLayout>
  );
}
