import { LandingPage } from '../landing/LandingPage';
import { useAuth } from '../../lib/useAuth';
import { HomeDashboard } from './HomeDashboard';

/** / and /home: the dashboard when signed in, the landing page when signed out (SPEC section 2). */
export function HomeScreen() {
  const { user, isAuthenticated } = useAuth();
  return isAuthenticated && user ? <HomeDashboard user={user} /> : <LandingPage />;
}
