import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { writeAccessLine } from './accessLine';
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

const loggedUrl = (url: string) => (url.length > MAX_LOGGED_URL ? `${url.slice(0, MAX_LOGGED_URL)}…` : url);

/**
 * Fastify's request lines, replaced: one line per answered request instead of two ("incoming request" and
 * "request completed", each serializing the whole request or reply), with method, path, status and time; the
 * request id comes with the request's logger. Slow answers (over a second) are logged at warn level, failed ones at
 * error level. Running inside Fastify's own completion step costs no extra hook per request.
 */
export class AccessLogController extends Fastify.LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: request.method, url: loggedUrl(request.url), status: reply.statusCode, ms };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (ms > SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
    // The everyday line takes the short way (accessLine.ts); the request's own logger when that is not possible.
    else if (!writeAccessLine(request.server.log as Logger, { reqId: String(request.id), ...line }))
      request.log.info(line, 'request');
  }
}

/** Fastify options of the access log: our request ids and our log lines. */
export function accessLogOptions(trustProxy: TrustFn | false): Pick<FastifyServerOptions, 'genReqId' | 'logController'> {
  return { genReqId: createRequestIdGenerator(trustProxy), logController: new AccessLogController() };
}

/** Every answer carries its request id, so a user's report can be matched to the log. */
export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}
