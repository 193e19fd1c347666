import type { FastifyInstance } from 'fastify';
import { hasForwardingHeader } from '../http/forwardingHeaders';
import { metricsAccess } from './metricsAccess';
import { metricsRegistry, renderMetrics } from './metrics';

/** GET /metrics: Prometheus text format, for loopback or METRICS_TOKEN holders only (see metricsAccess.ts). */
export function registerMetricsRoute(app: FastifyInstance, token: string | undefined): void {
  app.get('/metrics', async (req, reply) => {
    const access = metricsAccess(
      {
        remoteAddress: req.socket.remoteAddress,
        relayed: hasForwardingHeader(req.headers),
        authorization: req.headers.authorization,
      },
      token,
    );
    if (access === 'bad-token') {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Invalid metrics token' });
    }
    if (access === 'forbidden') {
      return reply.code(403).send({
        message: token
          ? 'Metrics need Authorization: Bearer <METRICS_TOKEN> from outside this machine'
          : 'Metrics are only served to this machine (loopback); set METRICS_TOKEN to allow others',
      });
    }
    reply.header('content-type', metricsRegistry.contentType).header('cache-control', 'no-store');
    return renderMetrics();
  });
}
