import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POPULAR_WATCHLIST } from '../../src/shared/market/constants';
import { ApiClient } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/testServer';

const TOKEN = 'metrics-token-for-the-api-tests';

/**
 * What a reverse proxy on this machine adds to the request it relays for an internet client. Its peer is loopback, yet
 * the server must treat it as remote (metricsAccess.ts: any forwarding header marks a request as relayed), so this is
 * how a test on a machine with only a loopback interface reaches /metrics as a remote client.
 */
const RELAYED_FOR_REMOTE_CLIENT = { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' };

/** The value of one sample line, e.g. sample(text, 'tickwise_x_total{a="b"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

let server: TestServer;
let local: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
  local = new ApiClient(server.url);
});
afterAll(async () => server?.close());

describe('GET /metrics', () => {
  it('serves Prometheus text to loopback, with HTTP counts by route pattern and status', async () => {
    const body = { symbols: [...POPULAR_WATCHLIST] };
    await local.post('/api/stocks/quotes', body);
    await local.post('/api/stocks/quotes', body);
    await local.get('/api/stock/AAPL');
    await local.get('/api/stock/NOPE1');
    await local.get('/no/such/path');
    const res = await local.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toContain('# TYPE tickwise_http_requests_total counter');
    expect(sample(text, 'tickwise_http_requests_total{method="POST",route="/api/stocks/quotes",status="200"}')).toBe(2);
    // Route patterns, never raw URLs: one series for every symbol.
    expect(sample(text, 'tickwise_http_requests_total{method="GET",route="/api/stock/:symbol",status="200"}')).toBe(1);
    expect(sample(text, 'tickwise_http_requests_total{method="GET",route="/api/stock/:symbol",status="404"}')).toBe(1);
    expect(sample(text, 'tickwise_http_requests_total{method="GET",route="(unmatched)",status="404"}')).toBe(1);
    expect(text).not.toContain('NOPE1');
    expect(text).not.toContain('/no/such/path');
    expect(
      sample(
        text,
        'tickwise_http_request_duration_seconds_count{method="POST",route="/api/stocks/quotes",status="200"}',
      ),
    ).toBe(2);
  });

  it("includes prom-client's default process and event-loop metrics", async () => {
    const text = (await local.get('/metrics')).text;
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
    expect(text).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
  });

  it('counts market cache hits and misses and upstream calls', async () => {
    const text = (await local.get('/metrics')).text;
    // The first quotes call missed 12 symbols in one upstream call; the second hit all 12 (the clock is real, but the
    // simulated quotes stay fresh until the minute turns, so allow for one refresh).
    const misses = sample(text, 'tickwise_market_cache_lookups_total{kind="quote",result="miss"}') ?? 0;
    const hits = sample(text, 'tickwise_market_cache_lookups_total{kind="quote",result="hit"}') ?? 0;
    expect(misses).toBeGreaterThanOrEqual(12);
    expect(hits + misses).toBe(12 + 12 + 2);
    expect(sample(text, 'tickwise_market_upstream_calls_total{kind="quote",outcome="ok"}')).toBeGreaterThanOrEqual(1);
  });

  it('counts probe results', async () => {
    await server.deps.status.runRound();
    const text = (await local.get('/metrics')).text;
    expect(sample(text, 'tickwise_probe_results_total{service="database",status="online"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'tickwise_probe_latency_seconds{service="market"}')).toBeGreaterThanOrEqual(0);
  });

  it('refuses a remote client (relayed by a proxy on this machine) without the token, and serves it with the token', async () => {
    const refused = await local.get('/metrics', RELAYED_FOR_REMOTE_CLIENT);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/METRICS_TOKEN/);
    expect(refused.text).not.toContain('tickwise_');
    const wrong = await local.get('/metrics', { ...RELAYED_FOR_REMOTE_CLIENT, authorization: 'Bearer not-the-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'Invalid metrics token' });
    const allowed = await local.get('/metrics', { ...RELAYED_FOR_REMOTE_CLIENT, authorization: `Bearer ${TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('tickwise_http_requests_total');
  });

  it('treats a request relayed by a local proxy as remote', async () => {
    const relayed = await local.get('/metrics', { 'x-forwarded-for': '127.0.0.1' });
    expect(relayed.status).toBe(403);
  });

  it('treats any forwarding header as relayed: a proxy that sets only X-Real-IP (or Forwarded, Via...) is refused', async () => {
    for (const header of ['x-real-ip', 'forwarded', 'x-forwarded-proto', 'cf-connecting-ip', 'true-client-ip', 'via']) {
      const relayed = await local.get('/metrics', {
        [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9',
      });
      expect(relayed.status, header).toBe(403);
    }
    expect((await local.get('/metrics')).status).toBe(200);
  });
});
