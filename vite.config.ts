import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { chunkGraph } from './scripts/vite/chunkGraph.js';
import { hashedBootScript } from './scripts/vite/hashedBootScript.js';
import { offlineImports } from './scripts/vite/offlineImports.js';
import { precompress } from './scripts/vite/precompress.js';
import { serviceWorker } from './scripts/vite/serviceWorker.js';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
/**
 * How the client's scripts are grouped, by folder. Among what index.html's script loads before anything renders
 * (Rolldown's `$initial` tag: the entry and everything it imports statically), the libraries (React, the router,
 * react-query, the tRPC client, Mantine's core) make one file, which changes only with the dependencies, and the app's
 * own code (the root layout, the access gate, lib/) the entry's own file. Among the rest, what most screens show (the
 * UI kit's and the icons' modules, and the app's shared components and helpers, that at least SHARED_BY of the parts
 * loaded on demand import: routes, dialogs, panels) makes one file each rather than dozens of small ones, each a
 * request that compresses poorly on its own. Everything else is split automatically: a file per route, what a few
 * routes share by who shares it, and what loads on demand (the chart's engine, dialogs, the toasts). The JavaScript
 * budget (docs/decisions/017-javascript-budget.md) counts what a page needs before its first paint.
 */
const LIBRARIES = /node_modules[\\/]/;
const APP = /src[\\/]/;
const UI_KIT = /node_modules[\\/](@mantine|@tabler)[\\/]/;
const SHARED_PARTS = /src[\\/]client[\\/](components|lib)[\\/]/;
/** Fewer, and a screen that needs one of these modules downloads many it does not use; more, and the files multiply. */
const SHARED_BY = 20;

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: 'src/client',
  // Nothing is copied unhashed: the boot script and the icon go through the build (see hashedBootScript); the service
  // worker is built to /sw.js (see serviceWorker).
  publicDir: false,
  resolve: {
    alias: [
      // TanStack's store asks for the shim of useSyncExternalStore, written for React 17; React 19 has the hook, and
      // the package's own build without the shim uses it (the shim's fallback would ship with every first paint).
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'routes',
      generatedRouteTree: 'routeTree.gen.ts',
    }),
    react(),
    offlineImports(),
    hashedBootScript(clientRoot),
    serviceWorker(`${clientRoot}/serviceWorker/sw.ts`),
    precompress(),
    chunkGraph(`${repoRoot}dist/client-chunks.json`, repoRoot),
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
            { name: 'framework', test: LIBRARIES, tags: ['$initial'] },
            { name: 'shell', test: APP, tags: ['$initial'] },
            { name: 'ui', test: UI_KIT, minShareCount: SHARED_BY },
            { name: 'parts', test: SHARED_PARTS, minShareCount: SHARED_BY },
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
