import fastifyCookie from '@fastify/cookie';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { AppDeps } from './depsTypes';
import { accessLogOptions } from './http/accessLog';
import { handleClientError, handleFrameworkError } from './http/clientErrors';
import { connectionTimeoutOptions, registerConnectionLimits } from './http/connectionLimits';
import { registerBuiltClient, registerCompression } from './http/delivery';
import { registerOriginCheck, trustedOrigins } from './http/originCheck';
import { createTrustFn, hopTrustWarning } from './http/proxyTrust';
import { createHttpContext } from './trpc/httpContext';
import { registerResponseHeaders } from './http/responseHeaders';
import { startWalCheckpointer, type WalCheckpointer } from './db/walCheckpointer';
import { startMaintenance, type Maintenance } from './maintenance';
import { registerMetricsRoute } from './observability/metricsRoute';
import { builtClientDir } from './paths';
import { registerSharedPortfolioPage } from './modules/portfolios/sharedPage';
import { registerTrpcMethodRefusal } from './trpc/methodRefusal';
import { registerSubscriptionsOverHttpRefusal } from './trpc/subscriptionsOverHttp';
import { attachWebsockets, type WebsocketEndpoints } from './websockets';
import { registerRestApi } from './rest';
import { sendError } from './rest/shim';
import { MAX_BATCH_CALLS } from './trpc/batchLimit';
import { DATABASE_UNAVAILABLE_MESSAGE } from './trpc/errors';
import { appRouter, type AppRouter } from './trpc/router';

export const defaultClientDir = builtClientDir;

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
  // Only the configured proxies may name the client (see http/proxyTrust.ts).
  const trustProxy = createTrustFn(config.TRUST_PROXY);
  const trustWarning = hopTrustWarning(config.TRUST_PROXY);
  if (trustWarning) deps.log.warn(trustWarning);
  const http = Fastify({
    loggerInstance: deps.log,
    trustProxy,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // tRPC batches many calls into one URL.
    routerOptions: { maxParamLength: 5000 },
    ...connectionTimeoutOptions(config),
    // Requests refused before any route runs (431, 408, 414, malformed) answer in the { message } shape too.
    clientErrorHandler: handleClientError,
    frameworkErrors: handleFrameworkError,
    ...accessLogOptions(trustProxy, deps.log as FastifyBaseLogger),
  });

  // Per-request work is kept to three small hooks (the origin check, the response headers and @fastify/cookie's
  // Set-Cookie writer, which returns at once when nothing set a cookie): the access log and the metrics run in
  // Fastify's completion step, the connection limits read the socket only when a timeout fires.
  registerConnectionLimits(http, config);
  // Cookies are parsed only where a session is read (hook: false keeps the parse off every other request); its
  // Set-Cookie writer runs before the response headers' onSend, which marks answers that set a cookie no-store.
  await http.register(fastifyCookie, { hook: false });
  registerResponseHeaders(http, config.PUBLIC_URL);
  registerOriginCheck(http, trustedOrigins(config));
  registerSubscriptionsOverHttpRefusal(http);
  registerTrpcMethodRefusal(http);

  http.setErrorHandler((error: FastifyError, req, reply) => {
    // Fastify's own errors (bad JSON, body too large, wrong content type) are the client's fault.
    const clientFault = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : null;
    if (!clientFault) return sendError(req, reply, error);
    return reply.code(clientFault).send({ message: clientFault === 413 ? 'Request body is too large' : error.message });
  });

  await registerCompression(http);

  await http.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH_CALLS,
      createContext: ({ req, res }) => createHttpContext(deps, req, res),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') deps.log.error({ err: error, path }, 'tRPC call failed');
        else if (error.message === DATABASE_UNAVAILABLE_MESSAGE) deps.log.warn({ path }, 'tRPC call unavailable');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  registerRestApi(http, deps);
  registerMetricsRoute(http, config.METRICS_TOKEN);

  http.get('/healthz', async (_req, reply) => {
    try {
      await deps.dbHandle.ping();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'error', message: 'Database unavailable' });
    }
  });

  const clientDir = options.clientDir ?? defaultClientDir;
  // The shared-portfolio page carries its link preview and noindex in the HTML itself (before the SPA fallback).
  if (await registerBuiltClient(http, clientDir))
    registerSharedPortfolioPage(http, deps, join(clientDir, 'index.html'));

  const websockets = attachWebsockets(http.server, deps, (header) => http.parseCookie(header));
  http.addHook('preClose', async () => websockets.close());

  // Housekeeping and WAL checkpoints run while the server serves, and stop with it.
  let maintenance: Maintenance | null = null;
  let checkpointer: WalCheckpointer | null = null;
  // Fastify runs a hook with no `done` parameter that returns no promise as a synchronous one (a throw fails it).
  http.addHook('onReady', () => {
    maintenance = startMaintenance(deps, config.MAINTENANCE_INTERVAL_MS);
    // SQLite only: PostgreSQL runs its own checkpoints.
    const sqlite = deps.dbHandle.sqlite;
    checkpointer = sqlite
      ? startWalCheckpointer(sqlite, (message) => deps.log.warn({ message }, 'WAL checkpoint failed'))
      : null;
  });
  http.addHook('onClose', async () => {
    maintenance?.stop();
    await checkpointer?.stop();
  });
  // The status probe loop runs while the server listens; its first round comes shortly after, never inside start-up.
  http.addHook('onListen', () => deps.status.start());
  http.addHook('onClose', () => deps.status.stop());
  // The price alerts: the index is built and evaluation starts once the server serves; it stops with it.
  http.addHook('onListen', () => deps.alerts.start());
  http.addHook('onClose', () => deps.alerts.stop());
  return { http, websockets };
}
