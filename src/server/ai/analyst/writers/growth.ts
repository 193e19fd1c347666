import type { InvestmentGrowthData } from '../../tools/investmentGrowth';
import { day, money, pct, upDown } from '../prose';

/** 'What would $10,000 in AAPL five years ago be worth?': the dollar figure first, then how it got there. */
export function writeGrowth(g: InvestmentGrowthData, writing: { today: string; amountWritten: string | null }): string {
  const today = writing.today;
  const when = g.valuedOn === today ? 'today' : `on ${day(g.valuedOn)}`;
  const first =
    `${money(g.amount)} invested in **${g.symbol}** at the close on ${day(g.boughtOn)} would be worth **${money(g.value)}** ${when}, ` +
    `${g.gain >= 0 ? 'a gain' : 'a loss'} of ${money(Math.abs(g.gain))} (${upDown(g.gainPercent)} ${pct(g.gainPercent)}).`;
  const how = `That buys ${g.shares} shares at ${money(g.startPrice)}, each worth ${money(g.endPrice)} ${when}.`;
  const rate =
    g.annualizedPercent !== null
      ? ` That is ${pct(g.annualizedPercent)} a year${g.annualizedPercent < 0 ? ' lost' : ''}.`
      : '';
  const currency = writing.amountWritten
    ? `\n\n_You wrote ${writing.amountWritten}: I counted it as ${money(g.amount)}, since ${g.symbol} trades in dollars (no exchange rate applied; in euros or pounds the gain in percent is the same before currency moves)._`
    : '';
  return `${first} ${how}${rate}${currency}\n\n_${g.basis}_`;
}
