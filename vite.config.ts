import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { chunkGraph } from './scripts/vite/chunkGraph.js';
import { hashedBootScript } from './scripts/vite/hashedBootScript.js';
import { precompress } from './scripts/vite/precompress.js';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
/**
 * How the client's scripts are grouped: by folder, among what index.html's script loads before anything renders
 * (Rolldown's `$initial` tag: the entry and everything it imports statically). The libraries there (React, the
 * router, react-query, the tRPC client, Mantine's core) make one file, which changes only with the dependencies; the
 * app's own code there (the root layout, the access gate, lib/) another, the entry's own (Rolldown names it index). Everything else is split automatically: a
 * file per route, the parts routes share by who shares them, and what loads on demand (the chart's engine, dialogs,
 * the toasts) in files of their own. The JavaScript budget (docs/decisions/014-javascript-budget.md) counts what a
 * page needs before its first paint.
 */
const LIBRARIES = /node_modules[\\/]/;
const APP = /src[\\/]/;

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: 'src/client',
  // Nothing is copied unhashed: the boot script and the icon go through the build (see hashedBootScript).
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
