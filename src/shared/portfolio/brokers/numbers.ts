import { Dec } from '../decimal';

/**
 * Numbers as brokers write them: "$1,234.50", "-$45.12", "($1,855.00)", "+$355.00", "1.234,56 €", "1 234,5",
 * "1'234.50", "-1894,30". Which character is the decimal separator is decided once for the whole file (issue 27: with
 * a decimal comma, "1.250" is one thousand two hundred and fifty, never 1.25), from every cell that can only be read
 * one way; a cell that fits neither reading is unreadable, never guessed.
 */

export type DecimalMark = ',' | '.';

const EMPTY = new Set(['', '-', '--', '—', 'n/a', 'na', 'none', 'not available']);

/**
 * A number as brokers dress it, in one pass: parentheses or a sign (before or after a currency sign or code), the
 * currency ("$", "€", "USD"), the digits with their separators, and a currency after them ("1.234,56 €").
 */
const DRESSED =
  /^(\()?\s*([-−+])?\s*(?:[A-Z]{3}\s*)?(?:[$€£¥]\s*)?([-−+])?\s*(\d[\d.,' ]*|[.,]\d[\d.,' ]*)\s*(?:[$€£¥])?\s*(?:[A-Z]{3})?\s*(\))?$/;

/** The unsigned digits of a cell ("1,234.50" from "($1,234.50)"), or null when the cell is no number at all. */
function digitsOf(cell: string): { negative: boolean; body: string } | null {
  const m = DRESSED.exec(cell.trim().replace(/[\u00a0\u202f]/g, ' '));
  if (!m || Boolean(m[1]) !== Boolean(m[5])) return null;
  const sign = m[2] ?? m[3];
  const body = m[4].trimEnd();
  return { negative: Boolean(m[1]) || sign === '-' || sign === '−', body };
}

/** ',' or '.' when the cell can only be read one way ("1.234,56", "189,4300", "0.24"); null when either works. */
export function decimalEvidence(cell: string): DecimalMark | null {
  const d = digitsOf(cell);
  if (!d) return null;
  const body = d.body.replace(/[ ']/g, '');
  if (/^\d{1,3}(\.\d{3})+,\d+$/.test(body)) return ',';
  if (/^\d{1,3}(,\d{3})+\.\d+$/.test(body)) return '.';
  if (/^\d*,(\d{1,2}|\d{4,})$/.test(body)) return ',';
  if (/^\d*\.(\d{1,2}|\d{4,})$/.test(body)) return '.';
  if (/^0,\d+$/.test(body)) return ',';
  if (/^0\.\d+$/.test(body)) return '.';
  return null;
}

/** The file's decimal mark from every cell that tells, or `fallback` when none does or they disagree evenly. */
export function decideDecimal(cells: Iterable<string>, fallback: DecimalMark): DecimalMark {
  let comma = 0;
  let point = 0;
  for (const cell of cells) {
    const mark = decimalEvidence(cell);
    if (mark === ',') comma++;
    else if (mark === '.') point++;
  }
  if (comma === point) return fallback;
  return comma > point ? ',' : '.';
}

export type NumberCell = { value: Dec } | 'empty' | 'unreadable';

/** Plain numbers ("1855", "-0.24", "59.90") are most cells: read without the broker forms' work. */
const PLAIN_POINT = /^-?\d{1,30}(?:\.\d{1,30})?$/;
const PLAIN_COMMA = /^-?\d{1,30}(?:,\d{1,30})?$/;

/** A cell as a signed exact decimal with the file's decimal mark; thousands groups must be groups of three. */
export function readNumber(cell: string | undefined, mark: DecimalMark): NumberCell {
  if (cell === undefined) return 'empty';
  const trimmed = cell.trim();
  if ((mark === '.' ? PLAIN_POINT : PLAIN_COMMA).test(trimmed)) {
    const value = new Dec(mark === '.' ? trimmed : trimmed.replace(',', '.'));
    return { value: value.isZero() ? value.abs() : value };
  }
  if (EMPTY.has(trimmed.toLowerCase())) return 'empty';
  const d = digitsOf(cell);
  if (!d) return 'unreadable';
  const group = mark === ',' ? '.' : ',';
  const [whole, fraction, extra] = d.body.split(mark);
  if (extra !== undefined) return 'unreadable';
  const plainWhole = whole.replace(/[ ']/g, '');
  const grouped = new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`);
  let digits: string;
  if (/^\d*$/.test(plainWhole)) digits = plainWhole;
  else if (grouped.test(plainWhole)) digits = plainWhole.split(group).join('');
  else return 'unreadable';
  if (/[ ']/.test(whole) && !/^\d{1,3}([ ']\d{3})+$/.test(whole)) return 'unreadable';
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return 'unreadable';
  if (digits === '' && !fraction) return 'unreadable';
  const text = `${digits || '0'}${fraction ? `.${fraction}` : ''}`;
  const value = new Dec(text);
  return { value: d.negative && !value.isZero() ? value.neg() : value };
}

/** The currency a sign or code around an amount names ("€12,50" → EUR), or null. */
export function currencyInCell(cell: string): string | null {
  const text = cell.trim();
  if (text.includes('€')) return 'EUR';
  if (text.includes('£')) return 'GBP';
  if (text.includes('¥')) return 'JPY';
  if (text.includes('$')) return 'USD';
  const code = /(?:^|[\s\d])([A-Z]{3})$|^([A-Z]{3})[\s\d]/.exec(text);
  return code ? (code[1] ?? code[2]) : null;
}
