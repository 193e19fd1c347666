import type { AnalysisData } from '../../tools/getAnalysis';
import { list, money, named, pct } from '../prose';

function versus(label: string, average: number | null, distance: number | null): string | null {
  if (average === null || distance === null) return null;
  return `${pct(distance)} ${distance >= 0 ? 'above' : 'below'} its ${label} average (${money(average)})`;
}

function rsiWords(rsi: number): string {
  if (rsi >= 70) return 'overbought territory: gains may be stretched';
  if (rsi <= 30) return 'oversold territory: selling may be exhausted';
  if (rsi >= 55) return 'healthy positive momentum';
  if (rsi <= 45) return 'soft momentum, sellers have had the upper hand';
  return 'neutral momentum';
}

/** Where the price sits against its moving averages, what that says about the trend, and the RSI. */
export function writeTrend(a: AnalysisData): string {
  const i = a.indicators;
  const [short, long, longest] = i.maPeriods;
  const readings = [
    versus(`${short}-day`, i.ma20, i.priceVsMa20Percent),
    versus(`${long}-day`, i.ma50, i.priceVsMa50Percent),
    versus(`${longest}-day`, i.ma200, i.priceVsMa200Percent),
  ].filter((r): r is string => r !== null);
  const distances = [i.priceVsMa20Percent, i.priceVsMa50Percent, i.priceVsMa200Percent].filter(
    (d): d is number => d !== null,
  );
  const above = distances.filter((d) => d >= 0).length;
  const verdict =
    distances.length === 0
      ? 'There is not enough history for moving averages yet.'
      : above === distances.length
        ? 'Above every average: an uptrend on short, medium and long horizons.'
        : above === 0
          ? 'Below every average: a downtrend on short, medium and long horizons.'
          : i.priceVsMa200Percent !== null && i.priceVsMa200Percent >= 0
            ? 'Mixed: the long-term trend is still up, but the shorter averages show weakness.'
            : 'Mixed: the long-term trend is down, with some short-term strength.';
  const where = readings.length ? ` is ${list(readings)}.` : '.';
  const parts = [`**${named(a.name, a.symbol)}** at ${money(a.price)}${where} ${verdict}`];
  if (i.rsi14 !== null) parts.push(`Its ${i.rsiPeriod}-day RSI is **${i.rsi14}**, ${rsiWords(i.rsi14)}.`);
  return parts.join(' ');
}
