import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { LocalHistogram } from './localHistogram';

/**
 * Every Prometheus metric Tickwise exposes at GET /metrics, defined once. Modules import the metric they feed;
 * none of them knows about the endpoint. A registry of our own (not prom-client's global) keeps the set explicit.
 */
export const metricsRegistry = new Registry();

/**
 * prom-client's default metrics on our registry: process CPU, memory, open file descriptors, heap and GC, and the
 * event-loop delay (`nodejs_eventloop_lag_*`, from Node's monitorEventLoopDelay). Read at scrape time; the
 * event-loop monitor samples on its own timer, off the request path.
 */
collectDefaultMetrics({ register: metricsRegistry });

const beforeScrape: Array<() => void> = [];

/**
 * Hot paths (the quotes endpoint) keep plain counts instead of calling prom-client per request; they register a
 * flush here, run just before every scrape.
 */
export function onScrape(flush: () => void): void {
  beforeScrape.push(flush);
}

/** The Prometheus text exposition of every metric, pending counts included. */
export async function renderMetrics(): Promise<string> {
  for (const flush of beforeScrape) flush();
  return metricsRegistry.metrics();
}

export const httpRequests = new Counter({
  name: 'tickwise_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

/** Observed on every answered request, so without prom-client's per-call label hashing (see localHistogram.ts). */
export const httpRequestDuration = new LocalHistogram(
  'tickwise_http_request_duration_seconds',
  'Time to answer HTTP requests, by route pattern, method and status',
  [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  [metricsRegistry],
);

export const marketCacheLookups = new Counter({
  name: 'tickwise_market_cache_lookups_total',
  help: 'Market cache lookups by kind (quote, history, search, profile) and result (hit, miss, stale)',
  labelNames: ['kind', 'result'] as const,
  registers: [metricsRegistry],
});

export const marketUpstreamCalls = new Counter({
  name: 'tickwise_market_upstream_calls_total',
  help: 'Calls to the market-data provider by kind and outcome (ok, error, timeout)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const websocketConnections = new Gauge({
  name: 'tickwise_websocket_connections',
  help: 'Open websocket connections by path (/trpc, /ws)',
  labelNames: ['path'] as const,
  registers: [metricsRegistry],
});

export const subscriptionsActive = new Gauge({
  name: 'tickwise_subscriptions_active',
  help: 'Open tRPC subscriptions by procedure',
  labelNames: ['procedure'] as const,
  registers: [metricsRegistry],
});

export const usageConsumed = new Counter({
  name: 'tickwise_usage_consumed_total',
  help: 'Daily-limited units consumed, by feature',
  labelNames: ['feature'] as const,
  registers: [metricsRegistry],
});

export const usageRefused = new Counter({
  name: 'tickwise_usage_refused_total',
  help: 'Daily-limited requests refused at the limit, by feature',
  labelNames: ['feature'] as const,
  registers: [metricsRegistry],
});

export const usageRefunded = new Counter({
  name: 'tickwise_usage_refunded_total',
  help: 'Daily-limited units given back because the work failed, by feature (consumed minus refunded is what users spent)',
  labelNames: ['feature'] as const,
  registers: [metricsRegistry],
});

export const probeResults = new Counter({
  name: 'tickwise_probe_results_total',
  help: 'Status probe results by service and status (online, limited, offline)',
  labelNames: ['service', 'status'] as const,
  registers: [metricsRegistry],
});

export const probeLatency = new Gauge({
  name: 'tickwise_probe_latency_seconds',
  help: 'Latest status probe latency by service',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

export const notificationDeliveries = new Counter({
  name: 'tickwise_notification_deliveries_total',
  help:
    'Notifications sent out of the server, by channel (push, email) and outcome (delivered, gone: a dead push ' +
    'subscription removed, failed, dropped: the queue was full, limited: the user was over the channel budget)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const alertsEvaluating = new Gauge({
  name: 'tickwise_alerts_evaluating',
  help: 'Whether this instance evaluates the price alerts (1) or stands by (0): one instance at a time does',
  registers: [metricsRegistry],
});

export const alertsIndexed = new Gauge({
  name: 'tickwise_alerts_indexed',
  help: 'Armed price alerts in this instance’s index (waiting ones included)',
  registers: [metricsRegistry],
});

export const alertFiringOutcomes = new Counter({
  name: 'tickwise_alert_firings_total',
  help:
    'Alert firings by outcome: fired (recorded), refused (not eligible any more when recorded: fired elsewhere, ' +
    'edited, expired), delivered (its notification stored)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const alertTickToNotification = new Histogram({
  name: 'tickwise_alert_tick_to_notification_seconds',
  help: 'From the quote that fired an alert arriving to its notification stored and announced on the bus',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [metricsRegistry],
});
