import type { HistogramSeries } from './localHistogram';
import { httpRequestDuration, httpRequests, onScrape } from './metrics';

/** Requests no route matched (404s for random paths) share one label, so scanners cannot grow the series. */
export const UNMATCHED_ROUTE = '(unmatched)';

interface Series {
  labels: { method: string; route: string; status: string };
  /** Requests since the last scrape. */
  pending: number;
  duration: HistogramSeries;
}

/** route -> status -> method -> series; numbers and interned route strings as keys, so the hot path builds no strings. */
const seriesByRoute = new Map<string, Map<number, Map<string, Series>>>();

function seriesFor(route: string, status: number, method: string): Series {
  let byStatus = seriesByRoute.get(route);
  if (!byStatus) seriesByRoute.set(route, (byStatus = new Map<number, Map<string, Series>>()));
  let byMethod = byStatus.get(status);
  if (!byMethod) byStatus.set(status, (byMethod = new Map<string, Series>()));
  let series = byMethod.get(method);
  if (!series) {
    const labels = { method, route, status: String(status) };
    byMethod.set(method, (series = { labels, pending: 0, duration: httpRequestDuration.createSeries(labels) }));
  }
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
 * Counts one answered request and its latency by route pattern (`/api/stock/:symbol`, never the raw URL; null when no
 * route matched), method and status. Called from the access log's completion step (http/accessLog.ts), after the
 * answer is sent, so it adds nothing to latency and no hook to the request; both the count and the histogram are
 * plain additions.
 */
export function countAnsweredRequest(route: string | undefined, method: string, status: number, seconds: number): void {
  const series = seriesFor(route ?? UNMATCHED_ROUTE, status, method);
  series.pending++;
  series.duration.observe(seconds);
}
