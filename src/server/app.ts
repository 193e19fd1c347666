import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from './deps';
import { accessLogOptions, registerAccessLog } from './http/accessLog';
import { registerBuiltClient, registerCompression } from './http/delivery';
import { registerOriginCheck } from './http/originCheck';
import { createHttpContext } from './http/requestContext';
import { registerSecurityHeaders } from './http/securityHeaders';
import { attachWebsockets, type WebsocketEndpoints } from './realtime/websockets';
import { registerRestApi } from './rest';
import { appRouter, type AppRouter } from './trpc/router';

export const defaultClientDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/client');

export interface BuildAppOptions {
  /** Folder of the built client; the SPA is served only when it exists. */
  clientDir?: string;
}

export interface TickwiseApp {
  http: FastifyInstance;
  websockets: WebsocketEndpoints;
}

/** The whole HTTP surface: tRPC, the /api shim, websockets, the built client. Used by main and by tests. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<TickwiseApp> {
  const { config } = deps;
  const http = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // tRPC batches many calls into one URL.
    routerOptions: { maxParamLength: 5000 },
    ...accessLogOptions(config.TRUST_PROXY),
  });

  registerAccessLog(http);

  registerSecurityHeaders(http);
  registerOriginCheck(http, config.ALLOWED_ORIGINS);

  http.setErrorHandler((error: FastifyError, req, reply) => {
    // Fastify's own errors (bad JSON, body too large, wrong content type) are the client's fault.
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    const message =
      status === 413
        ? 'Request body is too large'
        : status < 500
          ? error.message
          : 'Something went wrong on our side. Please try again.';
    return reply.code(status).send({ message });
  });

  await registerCompression(http);

  await http.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createHttpContext(deps, req, res),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') deps.log.error({ err: error, path }, 'tRPC call failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  registerRestApi(http, deps);

  http.get('/healthz', async (_req, reply) => {
    try {
      deps.dbHandle.sqlite.prepare('select 1').get();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'error', message: 'Database unavailable' });
    }
  });

  await registerBuiltClient(http, options.clientDir ?? defaultClientDir);

  const websockets = attachWebsockets(http.server, deps);
  http.addHook('onClose', async () => websockets.close());
  return { http, websockets };
}
