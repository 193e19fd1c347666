import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from './accessLog';
import { applyApiCaching, isApiPath } from './apiCaching';
import { securityHeadersSetter } from './securityHeaders';

/**
 * The headers every answer carries, set in one onSend hook: its request id (so a user's report can be matched to the
 * log), the security headers (a shorter set for API answers) and, on API answers, the caching rule. onSend runs for
 * every answer, errors and refusals included.
 * One callback hook rather than one per concern: each hook Fastify runs costs its share of the hottest endpoint.
 */
export function registerResponseHeaders(app: FastifyInstance, publicUrl: string | undefined): void {
  const setSecurityHeaders = securityHeadersSetter(publicUrl);
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    const isApiAnswer = isApiPath(req.url);
    setSecurityHeaders(req, reply, isApiAnswer);
    if (isApiAnswer) applyApiCaching(req, reply);
    done(null, payload);
  });
}
