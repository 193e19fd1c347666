import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../../components/AppLayout';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/portfolio/')({
  component: PortfolioComingSoon,
});

function PortfolioComingSoon() {
  usePageTitle('Portfolio');
  return (
    <AppLayout>
      <ComingSoonPanel
        title="Portfolios"
        summary="Track what you own, see your gains and share a read-only link with anyone."
        coming={[
          'Create portfolios with a name and description',
          'Add holdings by symbol, quantity and average price, with live price updates every 30 seconds',
          'Total value, total gain/loss and total return %',
          'Make a portfolio public and copy its shareable link',
        ]}
      />
    </AppLayout>
  );
}
