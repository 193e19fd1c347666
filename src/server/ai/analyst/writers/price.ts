import type { QuoteRow } from '../../tools/getQuote';
import { money, named, pct, signedPct, upDown } from '../prose';
import { markdownTable } from '../table';

function line(q: QuoteRow): string {
  const move =
    q.change === 0
      ? 'unchanged today'
      : `${upDown(q.change)} ${money(Math.abs(q.change))} (${pct(q.changePercent)}) today`;
  const stale = q.stale ? ' This is the last known quote: the data source is not answering right now.' : '';
  return `**${named(q.name, q.symbol)}** is at **${money(q.price)}**, ${move}, from a previous close of ${money(q.previousClose)}.${stale}`;
}

/** Price and today's move: one sentence per symbol, or a table when the question asked for one. */
export function writePrice(quotes: QuoteRow[], options: { table?: boolean } = {}): string {
  if (options.table) {
    return markdownTable(
      ['Stock', 'Price', 'Today', 'Previous close'],
      quotes.map((q) => [
        `**${q.symbol}**${q.stale ? ' (last known)' : ''}`,
        money(q.price),
        signedPct(q.changePercent),
        money(q.previousClose),
      ]),
    );
  }
  if (quotes.length === 1) return line(quotes[0]);
  return quotes.map((q) => `- ${line(q)}`).join('\n');
}
