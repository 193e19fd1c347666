import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { appendRouteHook } from './routeHooks';

/** JSON smaller than this goes out as it is: compressing it saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Suffixes of the build-time compressed copies (vite.config.ts writes them next to each file). */
const ENCODED_COPY = /\.(br|gz)$/;

/**
 * index.html names the current build's hashed assets, so it must be revalidated on every load: a cached copy
 * would point at files the next build removed. Hashed assets never change and can be kept for good.
 * The path may be a compressed copy (`index.html.br`): its rule is the original's.
 */
export function cacheControlFor(filePath: string): string {
  const normalized = filePath.split(sep).join('/').replace(ENCODED_COPY, '');
  if (normalized.endsWith('/index.html')) return 'no-cache';
  // The service worker keeps its name across builds: browsers must ask for it again to find a new version.
  if (normalized.endsWith('/sw.js')) return 'no-cache';
  if (normalized.includes('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** A fetch Response (tRPC's answer) read into its text, status and headers, so the compression threshold applies. */
const fetchResponseAsText: onSendHookHandler = (_req, reply, payload, done) => {
  if (!(payload instanceof Response)) return done(null, payload);
  reply.code(payload.status);
  for (const [name, value] of payload.headers) reply.header(name, value);
  payload.text().then(
    (text) => done(null, text),
    (error: Error) => done(error),
  );
};

/**
 * Dynamic answers compressed (br, else gzip) above 1 KB. Registered before the routes: the plugin adds its hook to
 * each route as it is declared. Routes that compress on their own (the quotes path) opt out with `compress: false`.
 * tRPC hands Fastify a fetch Response whose body is a stream, which the plugin would compress whatever its size;
 * it is read into text first so the threshold applies (tRPC here never streams: batching over plain HTTP).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Only tRPC's routes answer with a Response; the hook is added to them alone, so other paths pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/trpc')) appendRouteHook(route, 'onSend', fetchResponseAsText);
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}

/**
 * The built client: files from `clientDir` in their build-time br/gz copies when the browser takes them, and
 * index.html for every client-side route (the SPA decides between the page, the home fallback and the 404 page).
 * Returns false when there is no build (API-only tests).
 */
export async function registerBuiltClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  const hasClient = existsSync(resolve(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Cache-Control is set per file below; send's own header would override ours.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath));
        // Caches must keep the br, gzip and plain copies apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const isApi = path.startsWith('/api/') || path.startsWith('/trpc');
    if (hasClient && req.method === 'GET' && !isApi && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });
  return hasClient;
}
