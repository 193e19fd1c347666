import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { hashedBootScript } from './scripts/vite/hashedBootScript.js';
import { precompress } from './scripts/vite/precompress.js';
import { serviceWorker } from './scripts/vite/serviceWorker.js';

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
/**
 * What nearly every page shows (Mantine's core and its everyday components, the app's own small shared parts): one
 * file instead of thirty small ones, each compressed on its own (their headers and lost context cost a tenth of the
 * landing page's JavaScript). Heavier or rarer parts (dialogs, drawers, forms, the charts) stay in chunks of their own.
 */
const SHELL = new RegExp(
  [
    String.raw`@mantine[\/]core[\/]esm[\/]core[\/]`,
    String.raw`@mantine[\/]core[\/]esm[\/]components[\/](Box|Button|ActionIcon|Group|Container|Text|Title|Anchor|Badge|UnstyledButton|Paper|Card|Stack|Center|Loader|Overlay|ThemeIcon)[\/]`,
    String.raw`node_modules[\/]clsx[\/]`,
    String.raw`@tabler[\/]icons-react[\/]dist[\/]esm[\/](createReactComponent|defaultAttributes)`,
    String.raw`src[\/]client[\/]components[\/](ThemeToggle|BrandMark|RouterLinks|SiteFooter|FeatureCard|ResponsiveGrid|FullPageLoader|AccessGate|GateRedirect|LazyFallbackPages|LazyToasts|RouteChangeOverlay|SkipLink)`,
    String.raw`src[\/]client[\/](main|routeTree\.gen|theme|routes[\/]__root)\.`,
    String.raw`src[\/]client[\/]lib[\/](currentUser|socketIdentity|queryClientSlot|smallStore|plainTrpcQuery|useMarketInfo|errors|useAuth|routeAccess|sessionHint|storage|toast|usePageTitle|useLogout)\.`,
    String.raw`src[\/]client[\/]features[\/]trading[\/]tradingParams`,
    String.raw`src[\/]shared[\/]market[\/]constants\.`,
    String.raw`preload-helper|rolldown[\/]runtime`,
  ].join('|'),
);
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/;
/**
 * The tRPC client (links, the websocket client, superjson) and the app's instance of it: loaded by the screens that
 * fetch data. The landing page only asks who is signed in, with a plain fetch (lib/currentUser.ts), and goes without.
 */
const DATA_CLIENT = /node_modules[\\/](@trpc|superjson|copy-anything|is-what)[\\/]|src[\\/]client[\\/]lib[\\/]trpc\./;
/**
 * Framework parts the first paint never uses load with the screens that do: paged queries (the social hub's
 * conversations) and mutation hooks (forms and buttons behind a sign-in; the header's sign-out is a plain call).
 */
const RARE_FRAMEWORK =
  /[\\/](infiniteQueryObserver|useInfiniteQuery|useSuspenseInfiniteQuery|mutationObserver|useMutation|useMutationState|useIsMutating)\.js$/;

/**
 * react-query and the app's query cache: loaded by the screens that fetch data (the landing page asks who is signed
 * in and which market answers with plain fetches, lib/currentUser.ts and lib/useMarketInfo.ts). Only its context
 * object, for the provider at the root, is part of the framework.
 */
const QUERY = /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|src[\\/]client[\\/]lib[\\/]queryClient\./;
const QUERY_CONTEXT = /@tanstack[\\/]react-query[\\/].*[\\/]QueryClientProvider\.js$/;

/**
 * Mantine's text input and the small hooks most screens use (the header's search box, forms): one file instead of
 * eight small ones, which compress poorly each on its own. Their own imports are all in the shell.
 */
const INPUTS =
  /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|CloseButton)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](use-id|use-disclosure|use-debounced-value|use-uncontrolled|use-merged-ref)[\\/.]|@mantine[\\/]hooks[\\/]esm[\\/]utils[\\/]random-id/;

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: 'src/client',
  // Nothing is copied unhashed: the boot script and the icon go through the build (see hashedBootScript); the service
  // worker is built to /sw.js (see serviceWorker).
  publicDir: false,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'routes',
      generatedRouteTree: 'routeTree.gen.ts',
    }),
    react(),
    hashedBootScript(clientRoot),
    serviceWorker(`${clientRoot}/serviceWorker/sw.ts`),
    precompress(),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser Tickwise supports knows modulepreload; the polyfill would be one more script on every page.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs before its first paint (React, the router) in one file: one request and one
              // compression dictionary instead of a dozen small files. react-query loads with the data screens (QUERY).
              name: 'framework',
              test: (id: string) => FRAMEWORK.test(id) && (QUERY_CONTEXT.test(id) || !QUERY.test(id)),
            },
            {
              name: 'shell',
              test: (id: string) => SHELL.test(id),
            },
            {
              name: 'query',
              test: (id: string) => QUERY.test(id) && !QUERY_CONTEXT.test(id) && !RARE_FRAMEWORK.test(id),
            },
            {
              // After the shell: a group takes its modules' imports along, and the shared parts it imports (the query
              // cache, error helpers) belong to the shell.
              name: 'data-client',
              test: (id: string) => DATA_CLIENT.test(id),
            },
            { name: 'inputs', test: (id: string) => INPUTS.test(id) },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://localhost:${serverPort}`,
      '/healthz': `http://localhost:${serverPort}`,
      '/trpc': { target: `http://localhost:${serverPort}`, ws: true },
      '/ws': { target: `ws://localhost:${serverPort}`, ws: true },
    },
  },
});
