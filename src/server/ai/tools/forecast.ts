import { z } from 'zod';
import { FORECAST_HORIZONS } from '../../../shared/chat/schemas';
import type { ForecastArtifact, ForecastBands } from '../../../shared/chat/types';
import {
  backtestCalibration,
  barsPerYear,
  forecastBands,
  probabilityAbove,
  returnStats,
  type Bands,
} from '../forecast';
import { isoDate, isoTime, marketCall, marketSource, roundPrice, round2, toolSymbol, upperEnum } from './common';
import { defineTool, ToolFailure } from './types';

/** Calendar days of each horizon. */
export const HORIZON_DAYS: Record<(typeof FORECAST_HORIZONS)[number], number> = {
  '1W': 7,
  '1M': 30,
  '3M': 91,
  '6M': 182,
  '1Y': 365,
};

/** Daily history read for estimation (the last year) and back-tests (the three years before the last horizon). */
const HISTORY_YEARS = 4;
const YEAR_MS = 365.25 * 86_400_000;
const MIN_RETURNS = 60;

interface BandEnd {
  median: number;
  lower80: number;
  upper80: number;
  lower95: number;
  upper95: number;
  probabilityAbovePercent: number;
}

export interface ForecastData {
  symbol: string;
  name: string;
  horizon: string;
  horizonDays: number;
  /** Bars ahead. */
  steps: number;
  lastClose: number;
  window: { from: string; to: string; returns: number };
  volatilityAnnualPercent: number;
  driftAnnualPercent: number;
  /** Where the bands end at the horizon: drift 0 (the default) and the estimated drift. */
  atHorizon: { zeroDrift: BandEnd; estimatedDrift: BandEnd };
  calibration: { coverage80Percent: number; coverage95Percent: number; backtests: number; years: number } | null;
  method: string;
  note: string;
}

function endOf(bands: Bands, probability: number): BandEnd {
  const i = bands.median.length - 1;
  return {
    median: roundPrice(bands.median[i]),
    lower80: roundPrice(bands.lower80[i]),
    upper80: roundPrice(bands.upper80[i]),
    lower95: roundPrice(bands.lower95[i]),
    upper95: roundPrice(bands.upper95[i]),
    probabilityAbovePercent: round2(probability * 100),
  };
}

const roundBands = (b: Bands): ForecastBands => ({
  median: b.median.map(roundPrice),
  lower80: b.lower80.map(roundPrice),
  upper80: b.upper80.map(roundPrice),
  lower95: b.lower95.map(roundPrice),
  upper95: b.upper95.map(roundPrice),
});

/**
 * forecast(symbol, horizon): a hypothetical range of outcomes, not a prediction. Returns the figures for the model
 * and a chart artifact for the chat. Costs one 'Graph Generation' of the daily limits.
 */
export const forecastTool = defineTool({
  name: 'forecast',
  description:
    'A hypothetical forecast graph (not a prediction): median path with 80 % and 95 % bands from a log-normal model on ' +
    'daily log returns, the chance of ending above today, and how often the 80 % band held in back-tests on the ' +
    "symbol's own history. Counts against the daily graph limit (5 a day), so call it only when asked for a forecast, projection or outlook range.",
  input: z.object({
    symbol: toolSymbol,
    horizon: upperEnum(FORECAST_HORIZONS).default('1M').describe('How far ahead: 1W, 1M, 3M, 6M or 1Y'),
  }),
  progress: ({ symbol, horizon }) => `Building a ${horizon} forecast for ${symbol}…`,
  async run({ symbol, horizon }, { deps, charge }) {
    const [daily, quote] = await Promise.all([
      marketCall('history', () => deps.market.dailyHistory(symbol, HISTORY_YEARS)),
      marketCall('quotes', () => deps.market.quote(symbol)),
    ]);
    const times = daily.map((p) => p.time);
    const closes = daily.map((p) => p.close);
    if (closes.length < MIN_RETURNS + 1) {
      throw new ToolFailure(
        `Not enough daily history for ${symbol} to build a forecast (need at least ${MIN_RETURNS + 1} daily closes).`,
      );
    }
    // Only now that the data is there: an unknown symbol or a short history costs nothing.
    await charge('graphGenerations');

    const perYear = barsPerYear(times);
    const window = Math.min(Math.round(perYear), closes.length - 1);
    const horizonDays = HORIZON_DAYS[horizon];
    const steps = Math.max(1, Math.round((horizonDays / 365.25) * perYear));
    const lastIndex = closes.length - 1;
    const { mu, sigma, n } = returnStats(closes, lastIndex - window, lastIndex);
    const s0 = quote.regularMarketPrice;
    const zero = forecastBands(s0, 0, sigma, steps);
    const drifted = forecastBands(s0, mu, sigma, steps);
    const pZero = probabilityAbove(0, sigma, steps);
    const pDrift = probabilityAbove(mu, sigma, steps);
    const calibration = backtestCalibration(times, closes, window, steps);
    const now = deps.now();
    const from = isoDate(times[lastIndex - window]);
    const to = isoDate(times[lastIndex]);
    const volatility = round2(sigma * Math.sqrt(perYear) * 100);
    const drift = round2(mu * perYear * 100);

    const calibrationText = calibration
      ? `Measured calibration: in ${calibration.n} rolling-origin back-tests over ${calibration.years.toFixed(1)} years of ${symbol}'s own ` +
        `history, the 80 % band held ${round2(calibration.coverage80 * 100)}% of the time and the 95 % band ${round2(calibration.coverage95 * 100)}%.`
      : 'Not enough history for back-tests, so the bands are uncalibrated.';
    const method =
      `Log-normal model on daily log returns. Volatility from the ${n} daily returns between ${from} and ${to} ` +
      `(${volatility}% a year). Drift 0 by default, so the median stays at today's price; the toggle uses the window's ` +
      `average return (${drift}% a year). The 80 % and 95 % bands are central ranges of the model's outcomes. ${calibrationText}`;
    const note = 'Hypothetical, not a prediction: real prices can move outside these bands.';

    const historyFrom = Math.max(0, closes.length - Math.min(400, Math.max(60, steps * 2)));
    const stepMs = YEAR_MS / perYear;
    const artifact: ForecastArtifact = {
      kind: 'forecast',
      symbol,
      name: quote.longName || quote.shortName,
      horizon,
      horizonDays,
      steps,
      lastClose: roundPrice(s0),
      asOf: isoTime(quote.regularMarketTime),
      simulated: deps.market.info().simulated,
      window: { from, to, returns: n },
      volatilityAnnualPercent: volatility,
      driftAnnualPercent: drift,
      history: { times: times.slice(historyFrom), closes: closes.slice(historyFrom) },
      future: {
        times: Array.from({ length: steps }, (_, k) => Math.round(now + (k + 1) * stepMs)),
        zeroDrift: roundBands(zero),
        estimatedDrift: roundBands(drifted),
      },
      probabilityAbove: { zeroDrift: round2(pZero * 100), estimatedDrift: round2(pDrift * 100) },
      calibration: calibration
        ? {
            coverage80: round2(calibration.coverage80 * 100),
            coverage95: round2(calibration.coverage95 * 100),
            n: calibration.n,
            years: Math.round(calibration.years * 10) / 10,
          }
        : null,
      method,
    };
    const data: ForecastData = {
      symbol,
      name: artifact.name,
      horizon,
      horizonDays,
      steps,
      lastClose: artifact.lastClose,
      window: artifact.window,
      volatilityAnnualPercent: volatility,
      driftAnnualPercent: drift,
      atHorizon: { zeroDrift: endOf(zero, pZero), estimatedDrift: endOf(drifted, pDrift) },
      calibration: artifact.calibration
        ? {
            coverage80Percent: artifact.calibration.coverage80,
            coverage95Percent: artifact.calibration.coverage95,
            backtests: artifact.calibration.n,
            years: artifact.calibration.years,
          }
        : null,
      method,
      note,
    };
    return {
      data,
      source: marketSource(deps.market),
      asOf: quote.regularMarketTime,
      subject: `${symbol} ${horizon} forecast`,
      artifacts: [artifact],
    };
  },
});
