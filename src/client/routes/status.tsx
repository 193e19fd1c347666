import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/AppLayout';
import { ComingSoonPanel } from '../components/ComingSoonPanel';
import { usePageTitle } from '../lib/usePageTitle';

export const Route = createFileRoute('/status')({
  component: StatusComingSoon,
});

function StatusComingSoon() {
  usePageTitle('System Status');
  return (
    <AppLayout>
      <ComingSoonPanel
        title="System Status"
        summary="A live view of how every Tickwise service is doing."
        coming={[
          'Overall status badge and what each status means',
          'Services grouped by category, each with its uptime and a 90-day history bar',
          'Storage usage',
        ]}
      />
    </AppLayout>
  );
}
