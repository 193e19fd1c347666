import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { GateTarget } from '../lib/routeAccess';
import { toast } from '../lib/toast';
import { FullPageLoader } from './FullPageLoader';
import { usePageTitle } from '../lib/usePageTitle';

/** product.md §9: pause between the toast and the redirect. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/**
 * A signed-out visit to a signed-in page (product.md §4): toast, then after 500 ms the sign-in
 * target — /api/login (a full page load the server answers) or, for settings, /auth.
 */
export function GateRedirect({ target }: { target: GateTarget }) {
  usePageTitle('Sign In Required');
  const navigate = useNavigate();

  useEffect(() => {
    let cancelled = false;
    let timer: number | undefined;
    // The pause starts once the toast is on screen: its code loads with the first toast, and a slow download must
    // not let the redirect leave before the message was seen. A failed download still redirects.
    const shown = toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    void shown
      .catch(() => undefined)
      .then(() => {
        if (cancelled) return;
        timer = window.setTimeout(() => {
          if (target === '/auth') void navigate({ to: '/auth', replace: true });
          else window.location.href = target;
        }, UNAUTHORIZED_REDIRECT_MS);
      });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [navigate, target]);

  return <FullPageLoader label="Redirecting to sign in..." />;
}
