import Papa from 'papaparse';

/** One CSV record with the file line it starts on (1-based), for messages that point at the line. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The delimiters broker exports use: comma, semicolon (European spreadsheets) and tab (copied from a sheet). */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export interface CsvSheet {
  delimiter: CsvDelimiter;
  records: CsvRecord[];
  /**
   * The line of a quote that opens a cell and never closes: everything after it was read as that one cell, so the
   * file cannot be trusted (issue 26). Null when every quote closes.
   */
  unclosedQuoteLine: number | null;
}

/**
 * The file's records with the given delimiter, read by papaparse (quoted cells may hold delimiters, quotes and line
 * breaks). Line endings are made uniform first, so a file mixing CRLF and LF still counts its lines right. Blank
 * records are dropped; an Excel byte order mark is ignored.
 */
export function readCsvSheet(text: string, delimiter: CsvDelimiter): CsvSheet {
  const source = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n?/g, '\n');
  const records: CsvRecord[] = [];
  let unclosedQuoteLine: number | null = null;
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(source, {
    delimiter,
    newline: '\n',
    skipEmptyLines: false,
    step: (result) => {
      const end = result.meta.cursor;
      if (unclosedQuoteLine === null && result.errors.some((e) => e.code === 'MissingQuotes')) unclosedQuoteLine = line;
      if (result.data.some((cell) => cell.trim() !== '')) records.push({ line, cells: result.data });
      line += countNewlines(source, start, end + 1);
      start = end + 1;
    },
  });
  return { delimiter, records, unclosedQuoteLine };
}

/** The records alone (see readCsvSheet). */
export const readCsvRecords = (text: string, delimiter: CsvDelimiter): CsvRecord[] =>
  readCsvSheet(text, delimiter).records;

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < Math.min(to, text.length); i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}
