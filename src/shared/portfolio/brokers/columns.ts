import type { CsvRecord } from '../csvRecords';

/**
 * Finding a layout's columns in a header by name. Names are compared without case, spaces or punctuation, so
 * "Price ($)", "price" and "PRICE" all match; German umlauts and ß are kept, so "Stück" stays itself.
 */
export const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9äöüß]/g, '');

export type ColumnAliases<F extends string> = Record<F, readonly string[]>;

/** Where each field is (-1 when absent), with the header's own names for the preview. */
export interface Columns<F extends string> {
  at: Record<F, number>;
  header: readonly string[];
}

export function findColumns<F extends string>(header: readonly string[], aliases: ColumnAliases<F>): Columns<F> {
  const keys = header.map(headerKey);
  const at = {} as Record<F, number>;
  for (const field of Object.keys(aliases) as F[]) {
    at[field] = -1;
    for (const alias of aliases[field]) {
      const i = keys.indexOf(headerKey(alias));
      if (i >= 0) {
        at[field] = i;
        break;
      }
    }
  }
  return { at, header };
}

/** True when every one of `required` is found. */
export const hasColumns = <F extends string>(c: Columns<F>, required: readonly F[]) =>
  required.every((f) => c.at[f] >= 0);

/** The trimmed cell of `field` in a record ('' when the column is absent or the record short). */
export function cellOf<F extends string>(c: Columns<F>, record: CsvRecord, field: F): string {
  const i = c.at[field];
  return i >= 0 ? (record.cells[i] ?? '').trim() : '';
}

/** The preview's mapping: field → the file's header name, for the fields found. */
export function columnNames<F extends string>(c: Columns<F>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of Object.keys(c.at) as F[]) {
    if (c.at[field] >= 0) out[field] = (c.header[c.at[field]] ?? '').trim();
  }
  return out;
}
