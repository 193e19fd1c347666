import type { ValuedHolding } from './types';

/**
 * CSV export of holdings: every figure the screen shows. The import (csvImport.ts) reads symbol, quantity and
 * averagePrice by header name and ignores the rest, so an exported file imports as it is. Issue 27 §3: every amount
 * of a row is in the portfolio's base currency (the average price is the cost at the trade days' rates), and the
 * `currency` column says so, so a holding listed elsewhere is imported at that cost in that currency, not as if
 * its listing's.
 */

export const CSV_COLUMNS = [
  'symbol',
  'name',
  'quantity',
  'averagePrice',
  'currentPrice',
  'totalValue',
  'gainLoss',
  'gainLossPercent',
  'currency',
] as const;

/**
 * One CSV cell. Text a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe;
 * numbers are written as they are, so "-12.50" stays a number.
 */
function cell(value: string | null, isText: boolean): string {
  let text = value ?? '';
  if (isText && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function holdingsToCsv(holdings: readonly ValuedHolding[], currency = 'USD'): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const h of holdings) {
    lines.push(
      [
        cell(h.symbol, true),
        cell(h.name, true),
        cell(h.quantity, false),
        cell(h.averagePrice, false),
        cell(h.currentPrice, false),
        cell(h.totalValue, false),
        cell(h.gainLoss, false),
        cell(h.gainLossPercent, false),
        cell(currency, true),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
