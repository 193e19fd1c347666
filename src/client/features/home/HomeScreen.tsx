import { Suspense } from 'react';
import { FullPageLoader } from '../../components/FullPageLoader';
import { useAuth } from '../../lib/useAuth';
import { LandingPage } from '../landing/LandingPage';
import { retryableLazy } from '../../components/retryableLazy';

// Signed-in only: visitors of the landing page do not download the dashboard.
const HomeDashboard = retryableLazy(() => import('./HomeDashboard').then((m) => ({ default: m.HomeDashboard })));

/**
 * / and /home: the dashboard when signed in, the landing page when signed out (product.md §2). The landing page shows
 * at once, before the sign-in check answers, unless this browser was signed in last time (then a spinner, rather
 * than the landing page flashing before the dashboard).
 */
export function HomeScreen() {
  const { user, isAuthenticated, isLoading, hint } = useAuth();
  if (isAuthenticated && user) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <HomeDashboard user={user} />
      </Suspense>
    );
  }
  if (isLoading && hint === 'signed-in') return <FullPageLoader />;
  return <LandingPage />;
}
