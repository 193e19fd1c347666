import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/AppLayout';
import { AlertsPage } from '../features/alerts/AlertsPage';

// Split into its own chunk by the router plugin (autoCodeSplitting): it loads on demand.
export const Route = createFileRoute('/alerts')({
  component: AlertsRoute,
});

function AlertsRoute() {
  return (
    <AppLayout>
      <AlertsPage />
    </AppLayout>
  );
}
