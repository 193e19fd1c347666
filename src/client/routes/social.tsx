import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/AppLayout';
import { SocialPage } from '../features/social/SocialPage';

// The component is split into its own chunk by the router plugin (autoCodeSplitting): it loads on demand.
export const Route = createFileRoute('/social')({
  component: SocialRoute,
});

function SocialRoute() {
  return (
    <AppLayout>
      <SocialPage />
    </AppLayout>
  );
}
