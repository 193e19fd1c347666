import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/AuthPage';

interface AuthSearch {
  /** "signup" opens the Create Account form (the landing page's Get Started / Create Account buttons). */
  mode?: 'signup';
}

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): AuthSearch => (search.mode === 'signup' ? { mode: 'signup' } : {}),
  component: AuthRoute,
});

function AuthRoute() {
  const { mode } = Route.useSearch();
  const initialMode = mode === 'signup' ? 'signup' : 'signin';
  return <AuthPage key={initialMode} initialMode={initialMode} />;
}
