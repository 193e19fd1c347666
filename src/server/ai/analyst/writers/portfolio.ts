import { money, pct, upDown } from '../prose';

/**
 * The portfolio, from get_portfolio's data once portfolios exist. Reads the fields a portfolio tool is expected to
 * return (see docs/architecture.md, 'Adding a tool'): name, totalValue, totalGainLoss, totalGainLossPercent and
 * holdings with symbol, value and gainLossPercent. Missing fields are left out, never guessed.
 */
export function writePortfolio(data: unknown): string {
  const p = (data ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
  const lines: string[] = [];
  const name = typeof p.name === 'string' ? p.name : 'Your portfolio';
  const total = num(p.totalValue);
  const gain = num(p.totalGainLoss);
  const gainPct = num(p.totalGainLossPercent);
  lines.push(
    `**${name}**${total !== null ? ` is worth **${money(total)}**` : ''}` +
      `${gain !== null ? `, ${upDown(gain)} ${money(Math.abs(gain))}${gainPct !== null ? ` (${pct(gainPct)})` : ''} overall` : ''}.`,
  );
  const holdings = Array.isArray(p.holdings) ? (p.holdings as Record<string, unknown>[]) : [];
  if (holdings.length === 0) lines.push('It has no holdings yet.');
  const ranked = holdings
    .map((h) => ({ symbol: String(h.symbol ?? ''), value: num(h.totalValue ?? h.value), gainPct: num(h.gainLossPercent) }))
    .filter((h) => h.symbol)
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  for (const h of ranked.slice(0, 10)) {
    lines.push(`- **${h.symbol}**${h.value !== null ? ` ${money(h.value)}` : ''}${h.gainPct !== null ? `, ${upDown(h.gainPct)} ${pct(h.gainPct)}` : ''}`);
  }
  return lines.join('\n');
}
