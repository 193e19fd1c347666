import { Navigate, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { normalizePath, routeAccess, type AppPath } from '../lib/routeAccess';
import { writeSessionHint } from '../lib/sessionHint';
import { useAuth } from '../lib/useAuth';
import { FullPageLoader } from './FullPageLoader';
import { GateRedirect } from './GateRedirect';
import { LazyLandingPage, LazyNotFoundPage } from './LazyFallbackPages';

/** Pages that name what they are waiting for while the user loads. */
const LOADING_LABELS: Partial<Record<AppPath, string>> = {
  '/settings': 'Loading settings...',
  '/account': 'Loading settings...',
};

/**
 * Applies the route tables of product.md §2 to whatever the router matched: it decides whether the
 * page renders, or the home screen, the 404 page, the banned screen or a sign-in redirect instead.
 * Pages anyone may see render before the sign-in check answers; only signed-in pages wait for it.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { state, hint } = useAuth();
  const access = routeAccess(pathname, state, hint);

  useEffect(() => {
    if (state === 'signed-in' || state === 'signed-out') writeSessionHint(state);
  }, [state]);

  switch (access.kind) {
    case 'loading':
      return <FullPageLoader label={LOADING_LABELS[normalizePath(pathname) as AppPath]} />;
    case 'allow':
      return <>{children}</>;
    case 'home':
      return <LazyLandingPage />;
    case 'not-found':
      return <LazyNotFoundPage />;
    case 'banned':
      return <Navigate to="/banned" replace />;
    case 'redirect-home':
      return <Navigate to="/" replace />;
    case 'gate':
      return <GateRedirect target={access.target} />;
  }
}
