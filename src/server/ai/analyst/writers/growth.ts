import type { InvestmentGrowthData } from '../../tools/investmentGrowth';
import { day, money, pct, upDown } from '../prose';

/** 'What would $10,000 in AAPL five years ago be worth?': the dollar figure first, then how it got there. */
export function writeGrowth(g: InvestmentGrowthData, today: string): string {
  const when = g.valuedOn === today ? 'today' : `on ${day(g.valuedOn)}`;
  const first =
    `${money(g.amount)} invested in **${g.symbol}** at the close on ${day(g.boughtOn)} would be worth **${money(g.value)}** ${when}, ` +
    `${g.gain >= 0 ? 'a gain' : 'a loss'} of ${money(Math.abs(g.gain))} (${upDown(g.gainPercent)} ${pct(g.gainPercent)}).`;
  const how = `That buys ${g.shares} shares at ${money(g.startPrice)}, each worth ${money(g.endPrice)} ${when}.`;
  const rate = g.annualizedPercent !== null ? ` That is ${pct(g.annualizedPercent)} a year${g.annualizedPercent < 0 ? ' lost' : ''}.` : '';
  return `${first} ${how}${rate}\n\n_${g.basis}_`;
}
