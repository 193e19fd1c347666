import type { ActivityRow } from './ledgerQueries';
import type { LedgerVersion } from './ledgerCache';

/**
 * What every portfolio read asks of all of a ledger's rows, worked out once per ledger version (issue 29 §3: a read's
 * work follows its holdings, not the length of their history). A version's rows never change while it stands, and
 * the facts go with it (a WeakMap), so nothing here can be stale or outlive the cache's own entry.
 */
interface VersionFacts {
  /** The symbols the ledger names, in order of first appearance. */
  symbols: string[];
  /** The currencies of its rows (USD for a row that names none). */
  currencies: Set<string>;
  /** The day each symbol's first shares without a purchase date came in (issue 27: the page offers to date them). */
  undatedSince: Map<string, string>;
}

const facts = new WeakMap<LedgerVersion, VersionFacts>();

function factsOf(ledger: LedgerVersion): VersionFacts {
  let known = facts.get(ledger);
  if (!known) facts.set(ledger, (known = readFacts(ledger.rows)));
  return known;
}

function readFacts(rows: readonly ActivityRow[]): VersionFacts {
  const symbols = new Set<string>();
  const currencies = new Set<string>();
  const undatedSince = new Map<string, string>();
  for (const row of rows) {
    currencies.add(row.currency ?? 'USD');
    if (!row.symbol) continue;
    symbols.add(row.symbol);
    if (row.type === 'transfer_in' && !(undatedSince.get(row.symbol)! <= row.date))
      undatedSince.set(row.symbol, row.date);
  }
  return { symbols: [...symbols], currencies, undatedSince };
}

/** The symbols the ledger names, in order of first appearance. */
export const symbolsOf = (ledger: LedgerVersion): readonly string[] => factsOf(ledger).symbols;

/** The currencies of the ledger's rows. */
export const currenciesOf = (ledger: LedgerVersion): ReadonlySet<string> => factsOf(ledger).currencies;

/** True when every row of the ledger is in `currency`. */
export function rowsAllIn(ledger: LedgerVersion, currency: string): boolean {
  const { currencies } = factsOf(ledger);
  return currencies.size === 0 || (currencies.size === 1 && currencies.has(currency));
}

/** Per symbol, the day its first shares without a purchase date came in. */
export const undatedSince = (ledger: LedgerVersion): ReadonlyMap<string, string> => factsOf(ledger).undatedSince;
