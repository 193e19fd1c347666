import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';

interface ResetSearch {
  /** The one-time token from the operator's link. */
  token?: string;
}

export const Route = createFileRoute('/auth_/reset')({
  validateSearch: (search: Record<string, unknown>): ResetSearch =>
    typeof search.token === 'string' && search.token.length <= 200 ? { token: search.token } : {},
  component: ResetRoute,
});

function ResetRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token ?? ''} />;
}
