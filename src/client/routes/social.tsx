import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../components/AppLayout';
import { ComingSoonPanel } from '../components/ComingSoonPanel';
import { usePageTitle } from '../lib/usePageTitle';

export const Route = createFileRoute('/social')({
  component: SocialComingSoon,
});

function SocialComingSoon() {
  usePageTitle('Social Hub');
  return (
    <AppLayout>
      <ComingSoonPanel
        title="Social Hub"
        summary="Trade ideas with friends: requests, direct messages and shared AI insights."
        coming={[
          'Find friends by email and send friend requests',
          'Accept or reject incoming requests',
          'Real-time direct messages',
          'Generate an AI insight and share it with a friend',
        ]}
      />
    </AppLayout>
  );
}
