import './styles/mantine-critical.css';
import './styles/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouteLoadError } from './components/RouteLoadError';
import { keepChunkFailuresInPage } from './lib/chunkLoadFailures';
import { queryClient } from './lib/queryClient';
import { routeTree } from './routeTree.gen';

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultErrorComponent: RouteLoadError,
});

keepChunkFailuresInPage();

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
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
