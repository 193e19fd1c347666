import './styles/mantine-critical.css';
import './styles/global.css';
import { QueryClientContext } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouteLoadError } from './components/RouteLoadError';
import { keepChunkFailuresInPage } from './lib/chunkLoadFailures';
import { queryClientSlot } from './lib/queryClientSlot';
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

/**
 * react-query's provider, once the query cache has loaded: the screens that fetch data load it with their code
 * (lib/queryClient.ts puts it in the slot as it loads, before any of them renders); the landing page never does.
 */
function QueryClientSlotProvider({ children }: { children: ReactNode }) {
  return <QueryClientContext.Provider value={queryClientSlot.use()}>{children}</QueryClientContext.Provider>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientSlotProvider>
      <RouterProvider router={router} />
    </QueryClientSlotProvider>
  </StrictMode>,
);
