import type { CsvRecord } from '../../csvRecords';
import { findColumns, type ColumnAliases } from '../columns';
import { rowCurrency } from '../currencyRule';
import { draftsOf, ratioInText } from '../drafts';
import {
  RowProblem,
  type ActivityLayout,
  type ActivityOutcome,
  type Located,
  type PositionLayout,
  type PositionOutcome,
  type Row,
  type Table,
} from '../layout';
import { SKIP_REASONS } from '../wordings';
import { assetSkip, symbolInDescription } from './ibkrFlex';
import type { SkippedRow } from '../types';

/**
 * Interactive Brokers' Activity Statement as CSV: every line starts with its section and its kind ("Trades,Header,…",
 * "Trades,Data,…", "Trades,SubTotal,…", "Trades,Total,…"), each section with its own header. The activities are in
 * Trades (Date/Time "2024-01-16, 10:30:00", Quantity signed, T. Price, Comm/Fee negative), Dividends, Withholding
 * Tax, Deposits & Withdrawals, Fees and Corporate Actions ("Split 10 for 1"); the positions in Open Positions (Cost
 * Price, Cost Basis) and the cash in the Cash Report's Ending Cash. Every other section is a summary and is named once
 * in the skipped list.
 */

interface Section {
  name: string;
  header: CsvRecord;
  rows: CsvRecord[];
  totals: CsvRecord[];
}

/** The statement's sections in order, a section with two headers (stocks, forex) as two. */
function sectionsOf(records: readonly CsvRecord[]): Section[] | null {
  const first = records.slice(0, 3).some((r) => r.cells[0]?.trim() === 'Statement' && r.cells[1]?.trim() === 'Header');
  if (!first) return null;
  const sections: Section[] = [];
  const current = new Map<string, Section>();
  const strip = (r: CsvRecord): CsvRecord => ({ line: r.line, cells: r.cells.slice(2) });
  for (const record of records) {
    const name = record.cells[0]?.trim() ?? '';
    const kind = record.cells[1]?.trim() ?? '';
    if (kind === 'Header') {
      const section = { name, header: strip(record), rows: [], totals: [] };
      sections.push(section);
      current.set(name, section);
    } else {
      const section = current.get(name);
      if (!section) continue;
      if (kind === 'Data' && !/^total\b/i.test(record.cells[2]?.trim() ?? '')) section.rows.push(strip(record));
      else section.totals.push(strip(record));
    }
  }
  return sections;
}

/** The totals and sub-totals of a section that is read, each named in the skipped list. */
const totalsOf = (section: Section): SkippedRow[] =>
  section.totals.map((r) => ({ line: r.line, wording: `${section.name} total`, reason: SKIP_REASONS.total }));

/** A section named once in the skipped list. */
function sectionSkipped(section: Section, reason: string): SkippedRow {
  const lines = section.rows.length + section.totals.length + 1;
  return { line: section.header.line, wording: `${section.name} (${lines} ${lines === 1 ? 'line' : 'lines'})`, reason };
}

function tableOf<F extends string, O>(
  section: Section,
  aliases: ColumnAliases<F>,
  read: (row: Row<F>) => O,
  dateField?: F,
): Table<F, O> {
  return {
    columns: findColumns(section.header.cells, aliases),
    header: section.header,
    rows: section.rows,
    read,
    dateField,
  };
}

const TRADE_ALIASES = {
  discriminator: ['DataDiscriminator'],
  asset: ['Asset Category'],
  currency: ['Currency'],
  symbol: ['Symbol'],
  date: ['Date/Time'],
  quantity: ['Quantity'],
  price: ['T. Price'],
  proceeds: ['Proceeds'],
  fee: ['Comm/Fee', 'Comm in USD'],
} as const;

function readTrade(row: Row<keyof typeof TRADE_ALIASES>): ActivityOutcome {
  const symbol = row.get('symbol');
  const discriminator = row.get('discriminator');
  if (/closedlot/i.test(discriminator))
    return { skip: 'The lot a sale above closed (detail of that sale)', wording: `ClosedLot ${symbol}` };
  const skip = assetSkip(row.get('asset'));
  if (skip) return { skip, wording: `${row.get('asset')} ${symbol}`.trim() };
  const quantity = row.num('quantity');
  if (!quantity || quantity.isZero()) throw new RowProblem('Quantity is required');
  const wording = quantity.isNegative() ? 'Trades: sell' : 'Trades: buy';
  const fee = row.num('fee');
  const proceeds = row.num('proceeds');
  return draftsOf(quantity.isNegative() ? 'sell' : 'buy', {
    date: row.get('date'),
    wording,
    symbol,
    quantity,
    price: row.num('price'),
    fee,
    amount: proceeds && fee ? proceeds.plus(fee) : proceeds,
    currency: rowCurrency([row.get('currency')]),
  });
}

const CASH_ALIASES = {
  currency: ['Currency'],
  date: ['Date', 'Settle Date'],
  description: ['Description'],
  amount: ['Amount'],
} as const;

function cashReader(section: string) {
  return (row: Row<keyof typeof CASH_ALIASES>): ActivityOutcome => {
    const description = row.get('description');
    const common = {
      date: row.get('date'),
      wording: section,
      quantity: null,
      price: null,
      fee: null,
      amount: row.num('amount'),
      currency: rowCurrency([row.get('currency')]),
    };
    switch (section) {
      case 'Dividends':
        return draftsOf('dividend', { ...common, symbol: symbolInDescription(description) });
      case 'Withholding Tax':
        return draftsOf('tax', { ...common, symbol: symbolInDescription(description), note: description });
      case 'Deposits & Withdrawals':
        return draftsOf('transfer', { ...common, symbol: '' });
      case 'Fees':
        return draftsOf('fee', { ...common, symbol: '', note: description });
      default:
        return { skip: SKIP_REASONS.interest, wording: section };
    }
  };
}

const ACTION_ALIASES = {
  asset: ['Asset Category'],
  currency: ['Currency'],
  date: ['Date/Time', 'Report Date'],
  description: ['Description'],
  quantity: ['Quantity'],
} as const;

function readCorporateAction(row: Row<keyof typeof ACTION_ALIASES>): ActivityOutcome {
  const description = row.get('description');
  if (!/\bsplit\b/i.test(description)) return { skip: SKIP_REASONS.corporate, wording: 'Corporate Actions' };
  const ratio = ratioInText(description.replace(/\(.*$/, ''));
  return draftsOf('split', {
    date: row.get('date'),
    wording: 'Corporate Actions: split',
    symbol: symbolInDescription(description),
    quantity: row.num('quantity'),
    price: null,
    fee: null,
    amount: null,
    ratio,
    currency: rowCurrency([row.get('currency')]),
  });
}

const ACTIVITY_SECTIONS = new Set([
  'Trades',
  'Dividends',
  'Withholding Tax',
  'Deposits & Withdrawals',
  'Fees',
  'Interest',
  'Corporate Actions',
]);

export const ibkrStatementActivities: ActivityLayout = {
  info: { id: 'ibkr-statement-activities', name: 'Interactive Brokers — Activity Statement', kind: 'activities' },
  conventions: { decimal: '.' },
  locate(records): Located<ActivityOutcome> | null {
    const sections = sectionsOf(records);
    if (!sections) return null;
    const located: Located<ActivityOutcome> = { tables: [], outside: [] };
    for (const section of sections) {
      if (ACTIVITY_SECTIONS.has(section.name)) located.outside.push(...totalsOf(section));
      if (section.name === 'Trades') located.tables.push(tableOf(section, TRADE_ALIASES, readTrade, 'date'));
      else if (section.name === 'Corporate Actions')
        located.tables.push(tableOf(section, ACTION_ALIASES, readCorporateAction, 'date'));
      else if (ACTIVITY_SECTIONS.has(section.name))
        located.tables.push(tableOf(section, CASH_ALIASES, cashReader(section.name), 'date'));
      else
        located.outside.push(
          sectionSkipped(
            section,
            section.name === 'Open Positions'
              ? 'Positions: the holdings import reads them (Import CSV on the Holdings tab)'
              : 'A summary or information section, not transactions',
          ),
        );
    }
    return located.tables.length > 0 ? located : null;
  },
};

const POSITION_ALIASES = {
  discriminator: ['DataDiscriminator'],
  asset: ['Asset Category'],
  currency: ['Currency'],
  symbol: ['Symbol'],
  quantity: ['Quantity'],
  averagePrice: ['Cost Price'],
  costTotal: ['Cost Basis'],
} as const;

function readPosition(row: Row<keyof typeof POSITION_ALIASES>): PositionOutcome {
  const symbol = row.get('symbol');
  if (/^lot$/i.test(row.get('discriminator')))
    return { skip: 'A lot of the position above (the position is read)', wording: `Lot ${symbol}` };
  const skip = assetSkip(row.get('asset'));
  if (skip) return { skip, wording: symbol };
  const quantity = row.num('quantity');
  if (quantity?.isNegative()) throw new RowProblem('Short positions cannot be imported');
  return {
    positions: [
      {
        kind: 'position',
        symbol,
        quantity,
        averagePrice: row.loose('averagePrice'),
        costTotal: row.loose('costTotal'),
        currency: rowCurrency([row.get('currency')]),
      },
    ],
    wording: 'Open Positions',
  };
}

const CASH_REPORT_ALIASES = { line: ['Currency Summary'], currency: ['Currency'], value: ['Total'] } as const;

function readEndingCash(row: Row<keyof typeof CASH_REPORT_ALIASES>): PositionOutcome {
  const currency = row.get('currency');
  return {
    positions: [{ kind: 'cash', symbol: 'Cash', amount: row.num('value'), currency: rowCurrency([currency]) }],
    wording: 'Ending Cash',
  };
}

export const ibkrStatementPositions: PositionLayout = {
  info: { id: 'ibkr-statement-positions', name: 'Interactive Brokers — Activity Statement', kind: 'positions' },
  conventions: { decimal: '.' },
  locate(records): Located<PositionOutcome> | null {
    const sections = sectionsOf(records);
    if (!sections) return null;
    const located: Located<PositionOutcome> = { tables: [], outside: [] };
    for (const section of sections) {
      if (section.name === 'Open Positions') {
        located.tables.push(tableOf(section, POSITION_ALIASES, readPosition));
        located.outside.push(...totalsOf(section));
      } else if (section.name === 'Cash Report') {
        const endingCash = section.rows.filter(
          (r) => r.cells[0]?.trim() === 'Ending Cash' && /^[A-Z]{3}$/.test(r.cells[1]?.trim() ?? ''),
        );
        located.tables.push({ ...tableOf(section, CASH_REPORT_ALIASES, readEndingCash), rows: endingCash });
        const rest = { ...section, rows: section.rows.filter((r) => !endingCash.includes(r)) };
        located.outside.push(sectionSkipped(rest, 'The cash report’s other lines: a summary (Ending Cash is read)'));
      } else
        located.outside.push(
          sectionSkipped(
            section,
            ACTIVITY_SECTIONS.has(section.name)
              ? 'Transactions: the Activity tab’s import reads them'
              : 'A summary or information section, not positions',
          ),
        );
    }
    return located.tables.some((t) => t.rows.length > 0) ? located : null;
  },
};
