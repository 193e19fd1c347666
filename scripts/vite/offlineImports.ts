import type { Plugin } from 'vite';

/** Vite's helper, which every dynamic import() of the build goes through (`__vitePreload(() => import(…), deps)`). */
const PRELOAD_HELPER = /^\0vite\/preload-helper\.js$/;
const EXPORTED = 'export const __vitePreload =';

/**
 * No chunk is fetched while the browser says it is offline; the import fails at once, as a failed fetch would
 * (Vite's 'vite:preloadError' included, see src/client/lib/chunkLoadFailures.ts).
 *
 * Why: a module script that fails to load is remembered by the browser for the page's lifetime (the HTML standard's
 * module map; Chromium 150 does so for dynamic imports too), and so is a failed `<link rel=modulepreload>`, which
 * Vite adds for a chunk's dependencies. A part or page opened offline could then never load once back online: its
 * Retry would import the same URL and get the same remembered failure. Not trying while `navigator.onLine` is false
 * leaves nothing to remember, so Retry (or the 'online' event) loads it. A fetch that fails while the browser thinks
 * it is online (the server down) is still remembered; only a reload clears that.
 */
export function offlineImports(): Plugin {
  return {
    name: 'tickwise:offline-imports',
    apply: 'build',
    transform: {
      filter: { id: PRELOAD_HELPER },
      handler(code) {
        if (!code.includes(EXPORTED)) this.error(`Vite's preload helper no longer has "${EXPORTED}"`);
        return (
          code.replace(EXPORTED, 'const vitePreload =') +
          `;export const __vitePreload = (baseModule, deps, importerUrl) => navigator.onLine === false` +
          ` ? vitePreload(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: the browser is offline')), [], importerUrl)` +
          ` : vitePreload(baseModule, deps, importerUrl);`
        );
      },
    },
  };
}
