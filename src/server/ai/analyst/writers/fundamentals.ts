import type { AnalysisData } from '../../tools/getAnalysis';
import { cap, midSentence, named } from '../prose';

/** P/E, market cap and sector, with what the P/E factor of the rating says; the figure asked about comes first. */
export function writeFundamentals(a: AnalysisData, focus: 'pe' | 'cap' | null = null): string {
  const valuation = a.factors.find((f) => f.label.startsWith('Valuation'));
  const who = `**${named(a.name, a.symbol)}**`;
  const pe =
    a.pe !== null && a.pe > 0
      ? `a P/E of **${a.pe}**${valuation ? ` (${midSentence(valuation.explanation)})` : ''}`
      : 'no P/E ratio (it is a fund, an index, or has no positive earnings)';
  const marketCap = a.marketCap ? `a market capitalization of about **${cap(a.marketCap)}**` : null;
  const first = focus === 'cap' && marketCap ? [marketCap, pe] : [pe, marketCap];
  const parts = [`${who} has ${first.filter(Boolean).join(', and ')}.`];
  if (a.sector) parts.push(`Sector: ${a.sector}.`);
  return parts.join(' ');
}
