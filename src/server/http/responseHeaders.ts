import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from './accessLog';
import { applyApiCaching, isApiPath } from './apiCaching';
import { securityHeadersSetter } from './securityHeaders';

/** How long a 503 asks the client to wait before trying again (a database restart or failover takes seconds). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The headers every answer carries, set in one onSend hook: its request id (so a user's report can be matched to the
 * log), the security headers (a shorter set for API answers) and, on API answers, the caching rule. onSend runs for
 * every answer, errors and refusals included. A 503 (the database or an upstream out of reach) says when to try again.
 * One callback hook rather than one per concern: each hook Fastify runs costs its share of the hottest endpoint.
 */
export function registerResponseHeaders(app: FastifyInstance, publicUrl: string | undefined): void {
  const setSecurityHeaders = securityHeadersSetter(publicUrl);
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    const isApiAnswer = isApiPath(req.url);
    setSecurityHeaders(req, reply, isApiAnswer);
    if (isApiAnswer) applyApiCaching(req, reply);
    // tRPC answers with a fetch Response, whose status Fastify copies only after this hook (delivery.ts reads it).
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', RETRY_AFTER_SECONDS);
    done(null, payload);
  });
}
