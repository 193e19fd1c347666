import { z } from 'zod';
import { movingAverageStudy, rsi, sma } from '../../../shared/indicators';
import { MA_LONG, MA_SHORT } from '../../../shared/market/constants';
import type { Rating } from '../../../shared/market/types';
import { isoDate, marketCall, marketSource, roundPrice, round2, toolSymbol } from './common';
import { defineTool } from './types';

export interface AnalysisFactor {
  label: string;
  value: string;
  score: number;
  explanation: string;
}

export interface Crossover {
  type: 'buy' | 'sell';
  date: string;
  barsAgo: number;
}

export interface AnalysisData {
  symbol: string;
  name: string;
  price: number;
  changePercent: number;
  rating: Rating;
  /** Sum of the factor scores; the rating is read off it (2 or more Buy, 6 or more Strong Buy; mirrored for Sell). */
  score: number;
  marketCap: number | null;
  pe: number | null;
  sector: string | null;
  factors: AnalysisFactor[];
  /** From a year of daily closes. */
  indicators: {
    ma20: number | null;
    ma50: number | null;
    ma200: number | null;
    priceVsMa20Percent: number | null;
    priceVsMa50Percent: number | null;
    priceVsMa200Percent: number | null;
    rsi14: number | null;
    /** The latest MA20/MA50 crossover in the year (buy: MA20 crossed above MA50), null when there was none. */
    lastCrossover: Crossover | null;
    /** Crossovers in the year: buy and sell signals. */
    buySignals: number;
    sellSignals: number;
    /** The periods behind these readings (days). */
    maPeriods: number[];
    rsiPeriod: number;
  };
}

const last = (series: ArrayLike<number>) => {
  const v = series[series.length - 1];
  return Number.isFinite(v) ? v : null;
};
const vs = (price: number, average: number | null) => (average ? round2((price / average - 1) * 100) : null);

/** get_analysis(symbol): the explainable rating with each factor, plus moving averages, RSI and MA20/MA50 signals. */
export const getAnalysisTool = defineTool({
  name: 'get_analysis',
  description:
    'The rule-based rating (Strong Sell to Strong Buy) with its factor breakdown (trend, crossovers, momentum, RSI, ' +
    'volatility, drawdown, valuation), plus MA20/MA50/MA200, RSI 14 and the MA20/MA50 buy and sell signals of the last year.',
  input: z.object({ symbol: toolSymbol }),
  progress: ({ symbol }) => `Analysing ${symbol}…`,
  async run({ symbol }, { deps }) {
    const [analysis, quote, daily] = await Promise.all([
      marketCall('analysis', () => deps.market.analysis(symbol)),
      marketCall('quotes', () => deps.market.quote(symbol)),
      marketCall('history', () => deps.market.history(symbol, '1Y')).catch(() => []),
    ]);
    const closes = daily.map((p) => p.close);
    const study = movingAverageStudy(closes, MA_SHORT, MA_LONG);
    const ma20 = last(study.maShort);
    const ma50 = last(study.maLong);
    const ma200 = last(sma(closes, 200));
    const rsi14 = last(rsi(closes, 14));
    const lastSignal = study.signals[study.signals.length - 1];
    const price = analysis.price;
    const data: AnalysisData = {
      symbol: analysis.symbol,
      name: analysis.name,
      price: roundPrice(price),
      changePercent: round2(analysis.changePercent),
      rating: analysis.rating,
      score: analysis.score,
      marketCap: analysis.marketCap,
      pe: analysis.pe,
      sector: analysis.sector ?? null,
      factors: analysis.factors.map((f) => ({
        label: f.label,
        value: f.value,
        score: f.score,
        explanation: f.explanation,
      })),
      indicators: {
        ma20: ma20 === null ? null : roundPrice(ma20),
        ma50: ma50 === null ? null : roundPrice(ma50),
        ma200: ma200 === null ? null : roundPrice(ma200),
        priceVsMa20Percent: vs(price, ma20),
        priceVsMa50Percent: vs(price, ma50),
        priceVsMa200Percent: vs(price, ma200),
        rsi14: rsi14 === null ? null : round2(rsi14),
        lastCrossover: lastSignal
          ? {
              type: lastSignal.type,
              date: isoDate(daily[lastSignal.index].time),
              barsAgo: closes.length - 1 - lastSignal.index,
            }
          : null,
        buySignals: study.signals.filter((s) => s.type === 'buy').length,
        sellSignals: study.signals.filter((s) => s.type === 'sell').length,
        maPeriods: [MA_SHORT, MA_LONG, 200],
        rsiPeriod: 14,
      },
    };
    return {
      data,
      source: marketSource(deps.market),
      asOf: quote.regularMarketTime,
      subject: analysis.symbol,
    };
  },
});
