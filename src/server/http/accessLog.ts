import Fastify, {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { countAnsweredRequest, UNMATCHED_ROUTE } from '../observability/httpMetrics';
import { writeAccessLine, type AccessLine } from './accessLine';
import { AccessLineBudget } from './accessLineBudget';
import { lazyChildLoggerFactory } from './lazyRequestLogger';
import type { TrustFn } from './proxyTrust';

/** A request slower than this is logged at warn level, whatever its status. */
export const SLOW_REQUEST_MS = 1000;
export const REQUEST_ID_HEADER = 'x-request-id';
/** What a proxy's request id may look like before we adopt it (it ends up in logs and a header). */
const FORWARDED_ID_PATTERN = /^[\w.:-]{1,64}$/;
/** Long tRPC batch URLs carry their inputs; the log keeps the start. */
const MAX_LOGGED_URL = 200;

/**
 * Request ids: `<per-process prefix>-<counter>`, unique across restarts without the cost of a random id per request.
 * Behind a trusted proxy (TRUST_PROXY) the proxy's own X-Request-Id is kept, so its logs and ours line up.
 */
export function createRequestIdGenerator(trustProxy: TrustFn | false): (req: IncomingMessage) => string {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return (req) => {
    // Only the proxy we talk to directly may name the request.
    if (trustProxy && trustProxy(req.socket.remoteAddress ?? '', 0)) {
      const forwarded = req.headers[REQUEST_ID_HEADER];
      if (typeof forwarded === 'string' && FORWARDED_ID_PATTERN.test(forwarded)) return forwarded;
    }
    counter += 1;
    return `${prefix}-${counter.toString(36)}`;
  };
}

/** A one-time password reset link (`/auth/reset?token=…`) is a credential for 30 minutes: its token is not logged. */
const SECRET_QUERY_VALUE = /([?&]token=)[^&#]*/g;

const loggedUrl = (url: string) => {
  const shown = url.includes('token=') ? url.replace(SECRET_QUERY_VALUE, '$1[redacted]') : url;
  return shown.length > MAX_LOGGED_URL ? `${shown.slice(0, MAX_LOGGED_URL)}…` : shown;
};

interface AccessLogOptions {
  log: FastifyBaseLogger;
  linesPerRoutePerSecond?: number;
  now?: () => number;
}

/**
 * Fastify's request lines, replaced: one line per answered request instead of two ("incoming request" and
 * "request completed", each serializing the whole request or reply), with method, path, status and time; the
 * request id comes with the request's logger. Slow answers (over a second) are logged at warn level, failed ones at
 * error level, always. Everyday answers (under 400, fast) get a line each up to a per-route budget per second, and a
 * count of the rest (accessLineBudget.ts). The same step counts every request in the metrics. Fastify runs it for
 * every answer, whatever the log level, so neither costs a hook per request.
 */
export class AccessLogController extends Fastify.LogController {
  private readonly budget: AccessLineBudget;
  private readonly now: () => number;

  /** `log` is the root logger, for the counts of held-back lines; `now` is the clock the budget reads. */
  constructor({ log, linesPerRoutePerSecond, now = Date.now }: AccessLogOptions) {
    super();
    this.now = now;
    this.budget = new AccessLineBudget(
      (held) =>
        log.info(
          { route: held.route, requests: held.skipped, second: new Date(held.second * 1000).toISOString() },
          'more answers of this route in that second, counted but not logged one by one',
        ),
      linesPerRoutePerSecond,
    );
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url;
    const status = reply.statusCode;
    // A getter that reads the clock: once per request.
    const elapsed = reply.elapsedTime;
    countAnsweredRequest(route, request.method, status, elapsed / 1000);
    const ms = Math.round(elapsed * 10) / 10;
    const everyday = !error && ms <= SLOW_REQUEST_MS && status < 400;
    // A held-back answer costs a count, not a line: nothing of it is formatted.
    if (everyday && !this.budget.take(route ?? UNMATCHED_ROUTE, this.now())) return;
    const line = { method: request.method, url: loggedUrl(request.url), status, ms };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (ms > SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
    else this.writeLine(request, line);
  }

  /** The everyday line takes the short way (accessLine.ts); the request's own logger when that is not possible. */
  private writeLine(request: FastifyRequest, line: Omit<AccessLine, 'reqId'>): void {
    const written = writeAccessLine(request.server.log as Logger, { reqId: String(request.id), ...line });
    if (!written) request.log.info(line, 'request');
  }
}

/** Fastify options of the access log: our request ids, our log lines and request loggers made on first use. */
export function accessLogOptions(
  trustProxy: TrustFn | false,
  log: FastifyBaseLogger,
): Pick<FastifyServerOptions, 'genReqId' | 'logController' | 'childLoggerFactory'> {
  return {
    genReqId: createRequestIdGenerator(trustProxy),
    logController: new AccessLogController({ log }),
    childLoggerFactory: lazyChildLoggerFactory,
  };
}
