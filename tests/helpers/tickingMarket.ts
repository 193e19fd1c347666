import type { MarketDataProvider } from '../../src/server/market/provider';
import type { QuotesMap } from '../../src/shared/market/types';

/**
 * A market whose every price moves on each tick of `tickMs` of the real clock: the simulated market's quotes, scaled
 * by a factor that changes every tick (its own prices move once a minute, and not at all on a closed market). It says
 * when its answers next change, so the market service keeps a quote exactly until the next tick and the live hub's
 * next poll sees the new price. Everything else is the simulated market's.
 */
export function tickingMarket(inner: MarketDataProvider, tickMs: number): MarketDataProvider & { tick(): number } {
  const tick = () => Math.floor(Date.now() / tickMs);
  return {
    ...inner,
    tick,
    async quotes(symbols, signal) {
      const quotes = await inner.quotes(symbols, signal);
      const factor = 1 + (tick() % 50) / 1000;
      const moved: QuotesMap = {};
      for (const [symbol, quote] of Object.entries(quotes)) {
        const price = Math.round(quote.regularMarketPrice * factor * 100) / 100;
        const previous = price - quote.regularMarketChange;
        moved[symbol] = {
          ...quote,
          regularMarketPrice: price,
          regularMarketChange: Math.round((price - previous) * 100) / 100,
          regularMarketTime: tick() * tickMs,
        };
      }
      return moved;
    },
    nextChangeAt: (at) => (Math.floor(at / tickMs) + 1) * tickMs,
  };
}
