import { formatMarketCap, formatSignedPercent, formatUsd } from '../../../shared/format';

/**
 * How the built-in analyst writes figures. Every figure is a tool value printed at the precision the tool gave,
 * so the grounding check verifies each one; connecting words carry the sign ('up 1.20%').
 */

export const money = (v: number) => formatUsd(v);
export const cap = (v: number) => formatMarketCap(v);
export const pct = (v: number) => `${Math.abs(v).toFixed(2)}%`;
export const signedPct = (v: number) => formatSignedPercent(v);
export const upDown = (v: number) => (v >= 0 ? 'up' : 'down');
export const score = (v: number) => `${v > 0 ? '+' : ''}${v}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2025-01-15' or an ISO time -> 'Jan 15, 2025'. */
export function day(iso: string): string {
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** An ISO time -> '14:05 UTC on Jan 15, 2025'. */
export function moment(iso: string): string {
  return `${iso.slice(11, 16)} UTC on ${day(iso)}`;
}

export const named = (name: string, symbol: string) => (name && name !== symbol ? `${name} (${symbol})` : symbol);

export function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Lower-cases the first letter for use mid-sentence, leaving acronyms (MA20, RSI) alone. */
export function midSentence(text: string): string {
  return text.replace(/\.$/, '').replace(/^[A-Z](?=[a-z\s])/, (c) => c.toLowerCase());
}
