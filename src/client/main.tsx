import './styles/mantine-critical.css';
import './styles/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouteLoadError } from './components/RouteLoadError';
import { createQueryClient } from './lib/queryClient';
import { createAppTrpcClient, TRPCProvider } from './lib/trpc';
import { routeTree } from './routeTree.gen';

const queryClient = createQueryClient();
const trpcClient = createAppTrpcClient();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultErrorComponent: RouteLoadError,
});

// A chunk that cannot be fetched (offline, server down) is left to the code that asked for it (toasts fall back
// to a built-in notice, lazy parts and pages offer Retry). Unhandled, the router would reload the page, which
// offline leaves the browser's own error page and loses whatever was typed.
window.addEventListener('vite:preloadError', (event) => event.preventDefault());

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// The rest of Mantine's styles, after the first paint; dialogs, drawers and menus open only later.
void import('./styles/mantineFull');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RouterProvider router={router} />
      </TRPCProvider>
    </QueryClientProvider>
  </StrictMode>,
);
