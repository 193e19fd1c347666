import type { Activity } from './types';

/**
 * Activities out to CSV (issue 21): exactly the columns the plain-file layout of the import reads back
 * (shared/portfolio/brokers/layouts/plainActivities.ts, which recognises this header as Tickwise's own export), so an
 * export imports into an empty portfolio as the same ledger.
 */

export const ACTIVITY_CSV_COLUMNS = ['Date', 'Type', 'Symbol', 'Quantity', 'Price', 'Fee', 'Amount', 'Ratio', 'Note'];

/** A cell; text a spreadsheet would run as a formula gets a leading apostrophe. */
function cell(value: string | null, isText: boolean): string {
  let text = value ?? '';
  if (isText && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The ledger as CSV in ACTIVITY_CSV_COLUMNS, in ledger order; readActivitiesCsv reads it back unchanged. */
export function activitiesToCsv(activities: readonly Activity[]): string {
  const lines = [ACTIVITY_CSV_COLUMNS.join(',')];
  for (const a of activities) {
    lines.push(
      [
        a.date,
        a.type,
        cell(a.symbol, true),
        cell(a.quantity, false),
        cell(a.price, false),
        cell(a.fee, false),
        cell(a.amount, false),
        cell(a.ratio, false),
        cell(a.note, true),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
