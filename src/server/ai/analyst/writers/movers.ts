import type { QuoteRow } from '../../tools/getQuote';
import type { MarketMoversData } from '../../tools/marketMovers';
import { money, signedPct } from '../prose';
import { markdownTable } from '../table';

const table = (rows: QuoteRow[]) =>
  markdownTable(
    ['Stock', 'Price', 'Today'],
    rows.map((r) => [`**${r.symbol}** ${r.name}`, money(r.price), signedPct(r.changePercent)]),
  );

/** Today's biggest gainers and losers in tables, with the universe they come from said plainly. */
export function writeMovers(m: MarketMoversData): string {
  const parts = [`Among the ${m.universeSize} large US-listed stocks Tickwise follows (not the whole market):`];
  if (m.direction !== 'losers') {
    parts.push(m.gainers.length ? `**Biggest gainers today**\n\n${table(m.gainers)}` : 'None of them is up today.');
  }
  if (m.direction !== 'gainers') {
    parts.push(m.losers.length ? `**Biggest losers today**\n\n${table(m.losers)}` : 'None of them is down today.');
  }
  return parts.join('\n\n');
}
