/**
 * The contract of a bench module: bench/run.ts imports every bench/*.bench.ts in name order and runs them one after
 * another (never in parallel, so they do not disturb each other's timings).
 *
 *   export default { name: 'charts', run: async () => [{ label, value, unit, target }] } satisfies Bench;
 *
 * run() may print details as it goes; the figures it returns are printed again in the closing summary.
 */
export interface BenchFigure {
  label: string;
  value: number;
  unit: string;
  /** The goal, e.g. { max: 50 } for "under 50 ms" or { min: 0.5 } for "at least half". */
  target?: { min?: number; max?: number };
}

export interface Bench {
  name: string;
  run(): Promise<BenchFigure[]>;
}

export function meetsTarget(figure: BenchFigure): boolean | null {
  if (!figure.target) return null;
  const { min, max } = figure.target;
  return (min === undefined || figure.value >= min) && (max === undefined || figure.value < max);
}

export function formatFigure(figure: BenchFigure): string {
  const value = Number.isInteger(figure.value) ? String(figure.value) : figure.value.toFixed(figure.value < 10 ? 2 : 1);
  const goal = figure.target
    ? ` (target ${figure.target.min !== undefined ? `>= ${figure.target.min}` : `< ${figure.target.max}`} ${figure.unit}: ${meetsTarget(figure) ? 'met' : 'MISSED'})`
    : '';
  return `${figure.label}: ${value} ${figure.unit}${goal}`;
}
