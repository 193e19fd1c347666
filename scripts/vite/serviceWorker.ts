import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Builds the service worker (src/client/serviceWorker/sw.ts) into one classic script at the site root, `/sw.js`:
 * a worker's scope is at most the folder of its script, so it cannot live under the hashed /assets/ like the rest,
 * and its name must stay the same from build to build (browsers look for updates at that URL). The server sends it
 * with `no-cache` (http/delivery.ts), so a new build's worker is found on the next visit. In dev, Vite serves it too.
 */
export function serviceWorker(entry: string): Plugin {
  const bundle = async (minify: boolean) => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      minify,
      legalComments: 'none',
      logLevel: 'warning',
    });
    return result.outputFiles[0].text;
  };
  return {
    name: 'tickwise:service-worker',
    configureServer(server) {
      server.middlewares.use('/sw.js', (_req, res, next) => {
        bundle(false).then(
          (code) => {
            res.setHeader('content-type', 'text/javascript');
            res.setHeader('cache-control', 'no-cache');
            res.end(code);
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: await bundle(true) });
    },
  };
}
