import { formatMarketCap, formatMoney } from '../../shared/format';
import { rateStock } from '../../shared/indicators/rating';
import type { HistoryPoint, Quote, RatingFactor, StockAnalysis } from '../../shared/market/types';
import type { SymbolProfile } from './provider';

/**
 * The public stock analysis (GET /api/stock-analysis/{symbol}): the explainable score of shared/indicators/rating.ts
 * plus a short text a person can read, naming the strongest reasons on both sides.
 */
export function buildStockAnalysis(
  quote: Quote,
  profile: SymbolProfile | null,
  daily: readonly HistoryPoint[],
  simulated: boolean,
): StockAnalysis {
  const times = daily.map((p) => p.time);
  const closes = daily.map((p) => p.close);
  const pe = profile?.pe ?? null;
  const { score, rating, factors } = rateStock({ times, closes, pe });
  const name = profile?.name ?? quote.longName ?? quote.shortName;
  return {
    symbol: quote.symbol,
    name,
    price: quote.regularMarketPrice,
    change: quote.regularMarketChange,
    changePercent: quote.regularMarketChangePercent,
    marketCap: profile?.marketCap ?? null,
    pe,
    rating,
    score,
    factors,
    analysis: analysisText(quote, name, profile, rating, score, factors, simulated),
    description: profile?.description ?? `${name} (${quote.symbol}).`,
    exchange: profile?.exchange,
    sector: profile?.sector ?? null,
    currency: quote.currency,
  };
}

function listReasons(factors: RatingFactor[]): string {
  // Lower-case the first word for mid-sentence use ("A severe drawdown" too), but leave acronyms such as MA20 or RSI alone.
  return factors
    .map((f) => f.explanation.replace(/\.$/, '').replace(/^[A-Z](?=[a-z\s])/, (c) => c.toLowerCase()))
    .join('; ');
}

function analysisText(
  quote: Quote,
  name: string,
  profile: SymbolProfile | null,
  rating: string,
  score: number,
  factors: RatingFactor[],
  simulated: boolean,
): string {
  const direction = quote.regularMarketChange >= 0 ? 'up' : 'down';
  const percent = Math.abs(quote.regularMarketChangePercent).toFixed(2);
  const parts = [
    `${name} (${quote.symbol}) trades at ${formatMoney(quote.regularMarketPrice, quote.currency, 2)}, ${direction} ${percent}% today.`,
  ];
  if (profile?.marketCap)
    parts.push(`Its market value is about ${formatMarketCap(profile.marketCap, profile.currency)}.`);
  parts.push(`Our rule-based score is ${score > 0 ? '+' : ''}${score.toFixed(1)}, which rates it ${rating}.`);
  const ranked = [...factors].sort((a, b) => b.score - a.score);
  const supports = ranked.filter((f) => f.score > 0).slice(0, 3);
  const concerns = ranked
    .filter((f) => f.score < 0)
    .reverse()
    .slice(0, 3);
  if (supports.length) parts.push(`In its favour: ${listReasons(supports)}.`);
  if (concerns.length) parts.push(`Against it: ${listReasons(concerns)}.`);
  if (!supports.length && !concerns.length) parts.push('The signals are balanced, with no strong factor either way.');
  parts.push(
    simulated
      ? 'Prices come from the built-in simulated market, so this is a demonstration: educational only, not financial advice.'
      : 'This is an educational, rule-based reading of past prices, not financial advice.',
  );
  return parts.join(' ');
}
