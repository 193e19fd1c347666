import { movingAverageStudy } from '../src/shared/indicators';
import type { Bench, BenchFigure } from './types';

/** SMA20 + SMA50 + crossover signals over a million closes, as the chart computes them (median of several runs). */
const POINTS = 1_000_000;
const RUNS = 9;

function randomWalk(n: number): Float64Array {
  const out = new Float64Array(n);
  let seed = 42;
  out[0] = 100;
  for (let i = 1; i < n; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    out[i] = out[i - 1] * (1 + (seed / 4294967296 - 0.5) * 0.02);
  }
  return out;
}

const bench: Bench = {
  name: 'indicators',
  run(): Promise<BenchFigure[]> {
    const closes = randomWalk(POINTS);
    const plain = Array.from(closes);
    let signals = 0;
    const time = (input: ArrayLike<number>) => {
      for (let i = 0; i < 3; i++) movingAverageStudy(input); // let the JIT settle for this input type
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        signals = movingAverageStudy(input).signals.length;
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
    };
    const typed = time(closes);
    const array = time(plain);
    console.log(`  ${POINTS.toLocaleString('en-US')} points, ${signals} signals, median of ${RUNS} runs`);
    return Promise.resolve([
      {
        label: 'SMA20 + SMA50 + signals, 1,000,000 points (Float64Array)',
        value: typed,
        unit: 'ms',
        target: { max: 50 },
      },
      { label: 'SMA20 + SMA50 + signals, 1,000,000 points (number[])', value: array, unit: 'ms', target: { max: 50 } },
    ]);
  },
};

export default bench;
