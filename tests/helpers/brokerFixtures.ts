import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The broker fixtures of issue 27 §2 (tests/fixtures/brokers): one file per layout, written by hand in the broker's
 * own format, each with the activities or positions it must give in `<name>.expected.json` (a file read both ways,
 * such as the IBKR Activity Statement, has a second `<name>.positions.expected.json` naming it in `file`).
 */

export const BROKER_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'brokers');

export interface ExpectedActivity {
  line: number;
  type: string;
  date: string;
  symbol: string | null;
  quantity: string | null;
  price: string | null;
  fee: string | null;
  amount: string | null;
  ratio: string | null;
  currency: string | null;
  fxRate?: string;
  note?: string;
  /** A row read but refused (another currency): the reason, in part. */
  error?: string;
  /** What the server refuses besides the reading (the market, the ledger), in part: the API's error for the row. */
  serverError?: string;
}

export interface ExpectedPosition {
  line: number;
  kind: 'position' | 'cash';
  symbol: string;
  quantity?: string;
  averagePrice?: string;
  amount?: string;
  date?: string | null;
  currency: string | null;
  fxRate?: string;
  error: string | null;
  /** What the server refuses besides the reading (the market, the ledger), in part: the API's error for the row. */
  serverError?: string;
}

interface Common {
  /** The expectation's own name, and the CSV it describes. */
  name: string;
  file: string;
  layout: string;
  decimal: ',' | '.';
  /** The portfolio's base currency to import into (USD when not given): a DEGIRO account is kept in euros. */
  baseCurrency?: string;
  dates?: { order: string | null; decidedBy: string | null };
  /** The answer the preview's date question gets; the preview asks `question` without it. */
  dateOrder?: 'dmy' | 'mdy';
  question?: { suggested: string; samples: string[] };
  skipped: Array<{ line: number; reason: string }>;
  /** (symbol, quantity) of the holdings after the import, by symbol. */
  holdingsAfter: Array<[string, string]>;
}

export interface ExpectedActivities extends Common {
  kind: 'activities';
  activities: ExpectedActivity[];
  failing: Array<{ line: number; error: string }>;
  wordings: Record<string, string>;
  importable: boolean;
  /** A fixture to import first (the IBKR cash transactions need the trades' shares). */
  after?: string;
  /** The performance's realised gain after the import, when the fixture is about it. */
  realisedGain?: string;
}

export interface ExpectedPositions extends Common {
  kind: 'positions';
  rows: ExpectedPosition[];
  columns: Record<string, string>;
  cashAfter: string;
}

export type Expected = ExpectedActivities | ExpectedPositions;

export function brokerFixtures(): Expected[] {
  return readdirSync(BROKER_FIXTURES)
    .filter((f) => f.endsWith('.expected.json'))
    .sort()
    .map((name) => {
      const raw = JSON.parse(readFileSync(join(BROKER_FIXTURES, name), 'utf8')) as Expected;
      const file = raw.file ?? name.replace(/(\.positions)?\.expected\.json$/, '.csv');
      return { ...raw, name, file };
    });
}

export const fixtureText = (file: string) => readFileSync(join(BROKER_FIXTURES, file), 'utf8');

/** The error the API answers for a row: the server's own when it adds one, else the reading's. */
export const serverErrorOf = (row: { error?: string | null; serverError?: string }): string | null =>
  row.serverError ?? row.error ?? null;
