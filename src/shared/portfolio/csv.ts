import type { ValuedHolding } from './types';

/**
 * CSV export of holdings: every figure the screen shows. The import (csvImport.ts) reads symbol, quantity and
 * averagePrice by header name and ignores the rest, so an exported file imports as it is.
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

export function holdingsToCsv(holdings: readonly ValuedHolding[]): string {
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
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
