import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LocalHistogram } from '../../src/server/observability/localHistogram';

describe('LocalHistogram', () => {
  it('renders cumulative buckets, sum and count in the Prometheus text format', async () => {
    const registry = new Registry();
    const histogram = new LocalHistogram('test_seconds', 'A test histogram', [0.01, 0.1, 1], [registry]);
    const series = histogram.createSeries({ route: '/a', status: '200' });
    for (const v of [0.005, 0.01, 0.05, 0.5, 2]) series.observe(v);
    histogram.createSeries({ route: '/b', status: '404' }).observe(0.2);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE test_seconds histogram');
    expect(text).toContain('test_seconds_bucket{le="0.01",route="/a",status="200"} 2');
    expect(text).toContain('test_seconds_bucket{le="0.1",route="/a",status="200"} 3');
    expect(text).toContain('test_seconds_bucket{le="1",route="/a",status="200"} 4');
    expect(text).toContain('test_seconds_bucket{le="+Inf",route="/a",status="200"} 5');
    expect(text).toContain('test_seconds_sum{route="/a",status="200"} 2.565');
    expect(text).toContain('test_seconds_count{route="/a",status="200"} 5');
    expect(text).toContain('test_seconds_bucket{le="0.1",route="/b",status="404"} 0');
    expect(text).toContain('test_seconds_count{route="/b",status="404"} 1');
  });
});

/**
 * The contract LocalHistogram relies on (it is registered by cast, not as a prom-client class): the registry renders
 * whatever get() returns, and calls reset(). If prom-client changes either, these fail.
 */
describe('LocalHistogram against prom-client', () => {
  const buckets = [0.001, 0.01, 0.1, 1];
  const observations: Array<[labels: { route: string; status: string }, value: number]> = [
    [{ route: '/a', status: '200' }, 0.0005],
    [{ route: '/a', status: '200' }, 0.02],
    [{ route: '/a', status: '200' }, 3],
    [{ route: '/b', status: '404' }, 0.1],
  ];

  function both() {
    const ours = new Registry();
    const theirs = new Registry();
    const local = new LocalHistogram('t_seconds', 'help text', buckets, [ours]);
    const reference = new Histogram({
      name: 't_seconds',
      help: 'help text',
      buckets,
      labelNames: ['route', 'status'],
      registers: [theirs],
    });
    const series = new Map<string, ReturnType<LocalHistogram['createSeries']>>();
    for (const [labels, value] of observations) {
      const key = JSON.stringify(labels);
      if (!series.has(key)) series.set(key, local.createSeries(labels));
      series.get(key)!.observe(value);
      reference.observe(labels, value);
    }
    return { ours, theirs };
  }

  it("renders exactly what prom-client's own Histogram renders, as text and as JSON samples", async () => {
    const { ours, theirs } = both();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    const sampleValues = async (r: Registry) =>
      (await r.getMetricsAsJSON())[0].values.map((v) => ({
        metricName: (v as { metricName?: string }).metricName,
        labels: v.labels,
        value: v.value,
      }));
    expect(await sampleValues(ours)).toEqual(await sampleValues(theirs));
  });

  it("survives the registry's resetMetrics() and merges into a registry with prom-client's default metrics", async () => {
    const { ours, theirs } = both();
    ours.resetMetrics();
    theirs.resetMetrics();
    expect(await ours.metrics()).toContain('t_seconds_count{route="/a",status="200"} 0');
    collectDefaultMetrics({ register: ours });
    const text = await Registry.merge([ours]).metrics();
    expect(text).toContain('# TYPE t_seconds histogram');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
