import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { hashedBootScript } from './scripts/vite/hashedBootScript.js';
import { precompress } from './scripts/vite/precompress.js';

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const SHELL =
  /(src[\\/]client[\\/](components|lib)[\\/]|@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Box|Button|ActionIcon|Group|Container|Text|Title|Anchor|Badge|UnstyledButton|Paper|Card|SimpleGrid|Stack|Center|Loader|Overlay|ThemeIcon|List|Alert|CloseButton|Skeleton|Divider|Burger|Input|TextInput|InlineInput|Flex|Space))[\\/]|@mantine[\\/]hooks|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes)|clsx)/;
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack|@trpc|superjson|copy-anything|is-what|use-sync-external-store)[\\/]/;

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
              // What every page runs before its first paint (React, router, data fetching) in one file: one request
              // and one compression dictionary instead of a dozen small files.
              name: 'framework',
              test: FRAMEWORK,
            },
            {
              name: 'shell',
              test: (id: string) => SHELL.test(id),
            },
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
