import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/AppLayout';
import { CalendarPage } from '../features/calendar/CalendarPage';

// The component is split into its own chunk by the router plugin (autoCodeSplitting): it loads on demand.
export const Route = createFileRoute('/calendar')({
  component: CalendarRoute,
});

function CalendarRoute() {
  return (
    <AppLayout>
      <CalendarPage />
    </AppLayout>
  );
}
