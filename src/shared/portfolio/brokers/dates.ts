import type { DateOrder, DateReading } from './types';

/**
 * Dates as broker exports write them, to 'YYYY-MM-DD': 2024-01-05, 2024/01/05, 20240105 and 20240105;093000 (IBKR),
 * "2024-01-05, 10:30:00", "2024-01-05 14:30:05.326" (Trading 212), 05.01.2024 (German), 'Jan 5, 2024', '5 Jan 2024',
 * ISO times, and "01/18/2024 as of 01/16/2024" (the "as of" day is when it happened). Slashed and dashed dates with
 * two small numbers (03/04/2024) read either way: the whole column decides (issue 27), never one cell alone.
 */

/** A date cell read as far as it can be alone: a day, a day-or-month pair, or nothing. */
export type DateCell =
  { kind: 'day'; ymd: string } | { kind: 'either'; first: number; second: number; year: number } | { kind: 'none' };

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, mär: 3, mrz: 3, apr: 4, may: 5, mai: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, okt: 10,
  nov: 11, dec: 12, dez: 12,
}; // prettier-ignore

export function ymd(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));
const monthOf = (name: string) => MONTHS[name.slice(0, 3).toLowerCase()] ?? 0;
const TIME =
  /(?:[T\s,;]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp]\.?[Mm]\.?)?\s*(?:Z|[+-]\d{2}:?\d{2}|[A-Z]{2,4})?)$/;

export function readDateCell(cell: string): DateCell {
  let text = cell.trim();
  const asOf = /^(.*?)\s+as\s+of\s+(.+)$/i.exec(text);
  if (asOf) text = asOf[2].trim();
  text = text
    .replace(/;\d{6}$/, '')
    .replace(TIME, '')
    .trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (m) return day(ymd(Number(m[1]), Number(m[2]), Number(m[3])));
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  if (m) return day(ymd(fullYear(m[3]), Number(m[2]), Number(m[1])));
  m = /^(\d{1,2})([/-])(\d{1,2})\2(\d{2}|\d{4})$/.exec(text);
  if (m) {
    const first = Number(m[1]);
    const second = Number(m[3]);
    const year = fullYear(m[4]);
    if (first > 12 || second > 12) {
      const read = first > 12 ? ymd(year, second, first) : ymd(year, first, second);
      return read && !(first > 12 && second > 12) ? { kind: 'either', first, second, year } : { kind: 'none' };
    }
    return { kind: 'either', first, second, year };
  }
  m = /^([A-Za-zä]{3,9})\.?[\s-](\d{1,2}),?[\s-](\d{4})$/.exec(text);
  if (m && monthOf(m[1])) return day(ymd(Number(m[3]), monthOf(m[1]), Number(m[2])));
  m = /^(\d{1,2})\.?[\s-]([A-Za-zä]{3,9})\.?,?[\s-](\d{2}|\d{4})$/.exec(text);
  if (m && monthOf(m[2])) return day(ymd(fullYear(m[3]), monthOf(m[2]), Number(m[1])));
  return { kind: 'none' };
}

const day = (text: string | null): DateCell => (text ? { kind: 'day', ymd: text } : { kind: 'none' });

/** The day a read cell stands for in the given order; null when it is not a date, or needs an order not given. */
export function dayOf(cell: DateCell, order: DateOrder | null): string | null {
  if (cell.kind === 'day') return cell.ymd;
  if (cell.kind === 'none' || order === null) return null;
  return order === 'dmy' ? ymd(cell.year, cell.second, cell.first) : ymd(cell.year, cell.first, cell.second);
}

/** One date cell alone, for files that need no column decision (a positions file's date column read month first). */
export const readDate = (cell: string, order: DateOrder | null): string | null => dayOf(readDateCell(cell), order);

export interface DateHints {
  /** What the broker always writes (Fidelity: month first; DEGIRO: day first); null for plain files. */
  layoutOrder: DateOrder | null;
  /** The user's answer to the preview's question. */
  choice: DateOrder | null;
  decimal: ',' | '.';
  /** The file's currencies, for the suggestion: a EUR or GBP file is day first. */
  currencies: readonly string[];
  /** The column's name, for the question. */
  column: string;
}

const MONTH_FIRST_CURRENCIES = new Set(['USD']);

/**
 * How the column's ambiguous dates are read: a first number above 12 anywhere makes it day first, a second one
 * month first (the majority wins if both occur, and the rows that disagree fail); otherwise the broker's own
 * convention, the user's choice, or a question with a suggestion from the decimal mark and the currency.
 */
export function decideDateOrder(cells: readonly DateCell[], hints: DateHints): DateReading {
  const either = cells.filter((c): c is Extract<DateCell, { kind: 'either' }> => c.kind === 'either');
  if (either.length === 0) return { order: null, decidedBy: null, question: null };
  if (hints.choice) return { order: hints.choice, decidedBy: 'choice', question: null };
  const dayFirst = either.filter((c) => c.first > 12).length;
  const monthFirst = either.filter((c) => c.second > 12).length;
  if (dayFirst > 0 || monthFirst > 0) {
    if (dayFirst === monthFirst && hints.layoutOrder)
      return { order: hints.layoutOrder, decidedBy: 'layout', question: null };
    return { order: dayFirst > monthFirst ? 'dmy' : 'mdy', decidedBy: 'column', question: null };
  }
  if (hints.layoutOrder) return { order: hints.layoutOrder, decidedBy: 'layout', question: null };
  const samples = [...new Set(either.filter((c) => c.first !== c.second).map(sampleText))].slice(0, 3);
  const foreign = hints.currencies.find((c) => !MONTH_FIRST_CURRENCIES.has(c));
  const suggested: DateOrder = hints.decimal === ',' || foreign ? 'dmy' : 'mdy';
  const why =
    hints.decimal === ','
      ? 'its decimal commas suggest day first'
      : foreign
        ? `its ${foreign} amounts suggest day first`
        : 'nothing else in it says which; US files write the month first';
  return {
    order: null,
    decidedBy: null,
    question: {
      samples: samples.length > 0 ? samples : [sampleText(either[0])],
      suggested,
      reason: `Every date in the ${hints.column} column reads both ways (no day is above 12); ${why}.`,
    },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const sampleText = (c: { first: number; second: number; year: number }) => `${pad(c.first)}/${pad(c.second)}/${c.year}`;

export const DATE_QUESTION_OPEN = 'Day first or month first? Answer the question about the dates above.';
export const notADate = (cell: string) => `Date "${cell}" is not a date (use YYYY-MM-DD)`;
