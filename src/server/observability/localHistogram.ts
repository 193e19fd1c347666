import type { Metric, Registry } from 'prom-client';

type Labels = Record<string, string>;

/** One label set's observations: a count per bucket (the last is +Inf), their sum and total. */
export class HistogramSeries {
  private readonly counts: Float64Array;
  private sum = 0;
  private total = 0;

  constructor(
    readonly labels: Labels,
    private readonly upperBounds: readonly number[],
  ) {
    this.counts = new Float64Array(upperBounds.length + 1);
  }

  reset(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.total = 0;
  }

  observe(value: number): void {
    let i = 0;
    while (i < this.upperBounds.length && value > this.upperBounds[i]) i++;
    this.counts[i]++;
    this.sum += value;
    this.total++;
  }

  /** Prometheus samples: cumulative buckets with `le`, then `_sum` and `_count`. */
  samples(name: string): Array<{ metricName: string; labels: Record<string, string | number>; value: number }> {
    const out = [];
    let cumulative = 0;
    for (let i = 0; i <= this.upperBounds.length; i++) {
      cumulative += this.counts[i];
      const le = i < this.upperBounds.length ? this.upperBounds[i] : '+Inf';
      out.push({ metricName: `${name}_bucket`, labels: { le, ...this.labels }, value: cumulative });
    }
    out.push({ metricName: `${name}_sum`, labels: this.labels, value: this.sum });
    out.push({ metricName: `${name}_count`, labels: this.labels, value: this.total });
    return out;
  }
}

/**
 * A Prometheus histogram whose observations are an array increment. prom-client's Histogram hashes the label object
 * on every observe(); on the hottest endpoint that was a measurable share of each request. Here a caller keeps the
 * series handle of its label set (see httpMetrics.ts) and observes into it directly; the registry renders it like
 * any prom-client metric when /metrics is read.
 */
export class LocalHistogram {
  readonly type = 'histogram';
  private readonly series: HistogramSeries[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly upperBounds: readonly number[],
    registers: Registry[],
  ) {
    // The registry reads name, help, type, get() and (on resetMetrics()) reset(), all below. prom-client's types
    // want its own Metric class, hence the cast; tests/unit/localHistogram.test.ts holds the registry to this contract
    // (text and JSON exposition identical to prom-client's own Histogram, reset).
    for (const registry of registers) registry.registerMetric(this as unknown as Metric);
  }

  /** A new series; the caller keeps it and never asks twice for the same labels. */
  createSeries(labels: Labels): HistogramSeries {
    const series = new HistogramSeries(labels, this.upperBounds);
    this.series.push(series);
    return series;
  }

  /** prom-client's `registry.resetMetrics()` calls this on every registered metric. */
  reset(): void {
    for (const series of this.series) series.reset();
  }

  /** What prom-client's registry reads at scrape time. */
  get() {
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: 'sum',
      values: this.series.flatMap((s) => s.samples(this.name)),
    };
  }
}
