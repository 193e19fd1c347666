import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../../../components/AppLayout';
import { SharedPortfolioPage } from '../../../features/portfolio/shared/SharedPortfolioPage';

export const Route = createFileRoute('/portfolio/shared/$shareableLink')({
  component: SharedPortfolioRoute,
});

function SharedPortfolioRoute() {
  const { shareableLink } = Route.useParams();
  return (
    <AppLayout>
      <SharedPortfolioPage link={shareableLink} />
    </AppLayout>
  );
}
