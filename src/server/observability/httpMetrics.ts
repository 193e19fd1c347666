import type { FastifyInstance } from 'fastify';
import { httpRequestDuration, httpRequests, onScrape } from './metrics';

/** Requests no route matched (404s for random paths) share one label, so scanners cannot grow the series. */
const UNMATCHED_ROUTE = '(unmatched)';

interface Series {
  labels: { method: string; route: string; status: string };
  /** Requests since the last scrape. */
  pending: number;
}

/** route -> status -> method -> series; numbers and interned route strings as keys, so the hot path builds no strings. */
const seriesByRoute = new Map<string, Map<number, Map<string, Series>>>();

function seriesFor(route: string, status: number, method: string): Series {
  let byStatus = seriesByRoute.get(route);
  if (!byStatus) seriesByRoute.set(route, (byStatus = new Map()));
  let byMethod = byStatus.get(status);
  if (!byMethod) byStatus.set(status, (byMethod = new Map()));
  let series = byMethod.get(method);
  if (!series) byMethod.set(method, (series = { labels: { method, route, status: String(status) }, pending: 0 }));
  return series;
}

onScrape(() => {
  for (const byStatus of seriesByRoute.values()) {
    for (const byMethod of byStatus.values()) {
      for (const series of byMethod.values()) {
        if (series.pending > 0) httpRequests.inc(series.labels, series.pending);
        series.pending = 0;
      }
    }
  }
});

/**
 * Counts every answered request and its latency by route pattern (`/api/stock/:symbol`, never the raw URL), method
 * and status. Runs after the answer is sent, so it adds nothing to latency; the count is a plain addition and only
 * the latency histogram calls prom-client per request.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const series = seriesFor(req.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, req.method);
    series.pending++;
    httpRequestDuration.observe(series.labels, reply.elapsedTime / 1000);
    done();
  });
}
