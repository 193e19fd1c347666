import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../../../components/AppLayout';
import { ComingSoonPanel } from '../../../components/ComingSoonPanel';
import { usePageTitle } from '../../../lib/usePageTitle';

export const Route = createFileRoute('/portfolio/shared/$shareableLink')({
  component: SharedPortfolioComingSoon,
});

function SharedPortfolioComingSoon() {
  usePageTitle('Shared Portfolio');
  return (
    <AppLayout>
      <ComingSoonPanel
        title="Shared portfolio"
        summary="Public portfolios will be viewable read-only through their shareable link."
        coming={[
          'Name, description and last updated date of the public portfolio',
          'Totals: value, gain/loss, gain/loss % and number of holdings',
          'Each holding with its price, value and gain/loss',
        ]}
      />
    </AppLayout>
  );
}
