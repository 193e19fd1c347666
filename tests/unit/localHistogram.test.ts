import { Registry } from 'prom-client';
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
    expect(text).toContain('test_seconds_bucket{route="/a",status="200",le="0.01"} 2');
    expect(text).toContain('test_seconds_bucket{route="/a",status="200",le="0.1"} 3');
    expect(text).toContain('test_seconds_bucket{route="/a",status="200",le="1"} 4');
    expect(text).toContain('test_seconds_bucket{route="/a",status="200",le="+Inf"} 5');
    expect(text).toContain('test_seconds_sum{route="/a",status="200"} 2.565');
    expect(text).toContain('test_seconds_count{route="/a",status="200"} 5');
    expect(text).toContain('test_seconds_bucket{route="/b",status="404",le="0.1"} 0');
    expect(text).toContain('test_seconds_count{route="/b",status="404"} 1');
  });
});
