import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backtestCalibration,
  barsPerYear,
  forecastBands,
  normalCdf,
  normalQuantile,
  priceQuantile,
  probabilityAbove,
  returnStats,
  Z80,
  Z95,
} from '../../src/server/ai/forecast';
import { forecastTool } from '../../src/server/ai/tools/forecast';
import { ToolFailure } from '../../src/server/ai/tools/types';
import { POPULAR_WATCHLIST } from '../../src/shared/market/constants';
import { createAgentTestDeps, type AgentTestDeps } from '../helpers/agentDeps';

/** The forecast maths, its measured calibration, and the forecast tool on the simulated market. */

const DAY = 86_400_000;

/** A reproducible log-normal price path: i.i.d. normal daily log returns (mulberry32 + Box-Muller). */
function lognormalPath(n: number, sigma: number, seed: number): { times: number[]; closes: number[] } {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const times: number[] = [];
  const closes: number[] = [];
  let price = 100;
  for (let i = 0; i < n; i++) {
    const z = Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
    if (i > 0) price *= Math.exp(sigma * z);
    times.push(Date.UTC(2020, 0, 1) + i * DAY);
    closes.push(price);
  }
  return { times, closes };
}

describe('normal distribution helpers', () => {
  it('match the standard tables', () => {
    expect(Z80).toBeCloseTo(1.28155, 4);
    expect(Z95).toBeCloseTo(1.95996, 4);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.281552)).toBeCloseTo(0.1, 6);
    for (const p of [0.001, 0.1, 0.5, 0.8, 0.999]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 6);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});

describe('log-normal model', () => {
  it('estimates drift and volatility from daily log returns', () => {
    // Alternating +1 % / -1 % log returns: mean 0, sample sd sqrt(n/(n-1)) * 1 %.
    const closes = [100];
    for (let i = 1; i <= 10; i++) closes.push(closes[i - 1] * Math.exp(i % 2 ? 0.01 : -0.01));
    const stats = returnStats(closes, 0, 10);
    expect(stats.n).toBe(10);
    expect(stats.mu).toBeCloseTo(0, 12);
    expect(stats.sigma).toBeCloseTo(0.01 * Math.sqrt(10 / 9), 12);
    expect(barsPerYear([0, DAY, 2 * DAY, 3 * DAY])).toBeCloseTo(365.25, 6);
  });

  it('puts the median at today with zero drift and the bands at exp(±z·σ·√k)', () => {
    const bands = forecastBands(200, 0, 0.02, 25);
    expect(bands.median).toHaveLength(25);
    expect(bands.median.every((m) => m === 200)).toBe(true);
    expect(bands.upper80[24] / 200).toBeCloseTo(Math.exp(Z80 * 0.02 * 5), 12);
    expect(200 / bands.lower80[24]).toBeCloseTo(Math.exp(Z80 * 0.02 * 5), 12);
    expect(bands.upper95[24]).toBeGreaterThan(bands.upper80[24]);
    expect(bands.lower95[0]).toBeLessThan(bands.lower80[0]);
    // Bands widen with the horizon.
    expect(bands.upper80[24] - bands.lower80[24]).toBeGreaterThan(bands.upper80[0] - bands.lower80[0]);
    expect(priceQuantile(100, 0.001, 0.02, 4, 0)).toBeCloseTo(100 * Math.exp(0.004), 10);
  });

  it('gives an even chance of ending higher with zero drift, and more with positive drift', () => {
    expect(probabilityAbove(0, 0.02, 30)).toBe(0.5);
    expect(probabilityAbove(0.001, 0.02, 25)).toBeCloseTo(normalCdf(0.025 / 0.1), 10);
    expect(probabilityAbove(-0.001, 0.02, 25)).toBeLessThan(0.5);
    expect(probabilityAbove(0, 0, 10)).toBe(0.5);
  });
});

describe('rolling-origin calibration', () => {
  it('finds the nominal coverage on data that follows the model', () => {
    const { times, closes } = lognormalPath(3000, 0.015, 7);
    const calibration = backtestCalibration(times, closes, 250, 5)!;
    expect(calibration.n).toBe(3000 - 1 - 5 - 250 + 1);
    expect(calibration.coverage80).toBeGreaterThan(0.76);
    expect(calibration.coverage80).toBeLessThan(0.84);
    expect(calibration.coverage95).toBeGreaterThan(0.93);
    expect(calibration.coverage95).toBeLessThan(0.97);
    expect(calibration.years).toBeCloseTo((times[2999] - times[250]) / (365.25 * DAY), 10);
  });

  it('shows an over-confident band when volatility doubles after the window', () => {
    const calm = lognormalPath(600, 0.01, 3);
    const wild = lognormalPath(400, 0.03, 4);
    const closes = [...calm.closes, ...wild.closes.slice(1).map((c) => (c / 100) * calm.closes.at(-1)!)];
    const times = closes.map((_, i) => i * DAY);
    const calibration = backtestCalibration(times, closes, 500, 10)!;
    expect(calibration.coverage80).toBeLessThan(0.7);
  });

  it('needs a full window and an outcome', () => {
    expect(backtestCalibration([0, 1, 2], [1, 2, 3], 5, 1)).toBeNull();
  });
});

describe('the forecast on the simulated market', () => {
  let env: AgentTestDeps;
  const NOW = Date.UTC(2025, 0, 15, 15, 5);
  beforeAll(async () => {
    env = await createAgentTestDeps(NOW);
  });
  afterAll(() => env?.close());

  const context = (charges: string[]) => ({
    deps: env.deps,
    userId: env.userId,
    charge: (f: string) => {
      charges.push(f);
      return Promise.resolve();
    },
  });

  it("keeps the 80 % band's measured coverage between 70 % and 90 %", async () => {
    let hits = 0;
    let tests = 0;
    for (const symbol of POPULAR_WATCHLIST) {
      const result = await forecastTool.run({ symbol, horizon: '1W' }, context([]));
      const { calibration } = result.artifacts![0];
      expect(calibration, symbol).not.toBeNull();
      // Each symbol on its own, at a one-week horizon (about 150 independent weeks in three years).
      expect(calibration!.coverage80, symbol).toBeGreaterThanOrEqual(70);
      expect(calibration!.coverage80, symbol).toBeLessThanOrEqual(90);
      expect(calibration!.years, symbol).toBeGreaterThanOrEqual(2.9);
      const month = (await forecastTool.run({ symbol, horizon: '1M' }, context([]))).artifacts![0].calibration!;
      hits += (month.coverage80 / 100) * month.n;
      tests += month.n;
    }
    // All of them at one month, pooled.
    const pooled = (hits / tests) * 100;
    expect(pooled).toBeGreaterThanOrEqual(70);
    expect(pooled).toBeLessThanOrEqual(90);
  }, 60_000);

  it('returns figures for the model and a chart artifact, and costs one graph generation', async () => {
    const charges: string[] = [];
    const result = await forecastTool.run({ symbol: 'AAPL', horizon: '3M' }, context(charges));
    expect(charges).toEqual(['graphGenerations']);
    const quote = await env.deps.market.quote('AAPL');
    const artifact = result.artifacts![0];
    // The simulated exchange trades about 252 days a year, so 91 calendar days are 63 daily steps.
    expect(artifact).toMatchObject({
      kind: 'forecast',
      symbol: 'AAPL',
      horizon: '3M',
      horizonDays: 91,
      steps: 63,
      lastClose: quote.regularMarketPrice,
      simulated: true,
    });
    expect(artifact.window.returns).toBe(252);
    expect(artifact.future.times).toHaveLength(63);
    expect(Math.abs(artifact.future.times[62] - (NOW + 91 * DAY))).toBeLessThan(DAY);
    expect(artifact.history.closes.at(-1)).toBe(quote.regularMarketPrice);
    expect(artifact.probabilityAbove.zeroDrift).toBe(50);
    expect(result.data.atHorizon.zeroDrift.median).toBe(quote.regularMarketPrice);
    expect(result.data.atHorizon.zeroDrift.upper80).toBe(artifact.future.zeroDrift.upper80[62]);
    expect(result.data.method).toMatch(/the 80 % band held [\d.]+% of the time/);
    expect(result.source).toEqual({ provider: 'simulated', simulated: true, label: 'Simulated market (built-in)' });
    expect(result.asOf).toBe(quote.regularMarketTime);
  });

  it('charges nothing for an unknown symbol', async () => {
    const charges: string[] = [];
    await expect(forecastTool.run({ symbol: 'ZZZZZ', horizon: '1M' }, context(charges))).rejects.toThrow(ToolFailure);
    expect(charges).toEqual([]);
  });
});
