import type uPlot from 'uplot';

/**
 * Intraday ranges of an exchange that closes (5D, 1M) span nights and weekends with no bars. On a time axis those
 * gaps would take most of the width and squeeze each session into a sliver, so the chart closes them up: a gap many
 * bars long is drawn one bar wide. `x` is then a drawing coordinate; the real times stay in `times` for labels.
 */

/** A pause longer than this many bars is a closed market, not a quiet minute. */
const GAP_BARS = 3;

/** Drawing positions for `times`: equal to them unless there are market-closed gaps, which shrink to one bar. */
export function closeGaps(times: readonly number[]): { x: number[]; compressed: boolean } {
  const n = times.length;
  let step = Infinity;
  for (let i = 1; i < n; i++) step = Math.min(step, times[i] - times[i - 1]);
  // A range without closed hours (24-hour markets, one session) keeps its times as they are: no copy of 100,000
  // numbers to make and collect on every fetch and live update.
  let gaps = false;
  for (let i = 1; i < n && !gaps; i++) gaps = times[i] - times[i - 1] > GAP_BARS * step;
  if (!gaps) return { x: times as number[], compressed: false };
  const x = new Array<number>(n);
  let compressed = false;
  for (let i = 0; i < n; i++) {
    const gap = i === 0 ? 0 : times[i] - times[i - 1];
    const closed = gap > GAP_BARS * step;
    compressed ||= closed;
    x[i] = i === 0 ? times[0] : x[i - 1] + (closed ? step : gap);
  }
  return { x, compressed };
}

const hour = new Intl.DateTimeFormat('en-US', { hour: 'numeric', hour12: true });
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/**
 * Ticks of a gap-closed axis: on the bars that start a session (labelled with the date) and on whole hours
 * (labelled with the hour), at least `space` pixels apart, session starts first.
 */
export function sessionAxis(
  getData: () => { x: number[]; times: number[] } | null,
  space: number,
): Partial<uPlot.Axis> {
  const labels = new Map<number, string>();
  return {
    splits: (u) => {
      labels.clear();
      const data = getData();
      if (!data) return [];
      const { x, times } = data;
      const starts: number[] = [];
      const hours: number[] = [];
      for (let i = 0; i < x.length; i++) {
        const sessionStart = i === 0 || times[i] - times[i - 1] > x[i] - x[i - 1];
        if (sessionStart) starts.push(i);
        else if (times[i] % 3_600_000 === 0) hours.push(i);
      }
      const picked: number[] = [];
      const px = (i: number) => u.valToPos(x[i], 'x');
      for (const i of [...starts, ...hours]) {
        if (x[i] < (u.scales.x.min ?? -Infinity) || x[i] > (u.scales.x.max ?? Infinity)) continue;
        if (picked.every((j) => Math.abs(px(i) - px(j)) >= space)) picked.push(i);
      }
      picked.sort((a, b) => a - b);
      for (const i of picked)
        labels.set(
          x[i],
          starts.includes(i) ? day.format(times[i]) : hour.format(times[i]).replace(' ', '').toLowerCase(),
        );
      return picked.map((i) => x[i]);
    },
    values: (_u, splits) => splits.map((v) => labels.get(v) ?? ''),
  };
}
