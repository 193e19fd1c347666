/**
 * What a portfolio read asks of all of a ledger's rows (its symbols, whether every row is in the base currency, the
 * undated transfers in) is read once per ledger version (ledger/versionFacts.ts, issue 29 §3): a read's work then
 * follows its holdings, not the length of their history.
 */
import { describe, expect, it } from 'vitest';
import type { LedgerVersion } from '../../src/server/modules/ledger/ledgerCache';
import type { ActivityRow } from '../../src/server/modules/ledger/ledgerQueries';
import { activityRow } from '../helpers/ledgerActivities';
import { rowsAllIn, symbolsOf, undatedSince } from '../../src/server/modules/ledger/versionFacts';

const row = activityRow;

/** A version whose rows count how often they are read. */
function versionOf(rows: ActivityRow[]): { version: LedgerVersion; reads: () => number } {
  let reads = 0;
  const version = {
    portfolioId: 'p',
    version: 1,
    tag: 't',
    shipped: false,
    get rows() {
      reads++;
      return rows;
    },
  } as unknown as LedgerVersion;
  return { version, reads: () => reads };
}

describe('ledger version facts', () => {
  const rows = [
    row('deposit', '2024-01-02', { amount: '1000' }),
    row('buy', '2024-01-03', { symbol: 'MSFT', quantity: '2', price: '300' }),
    row('transfer_in', '2024-02-01', { symbol: 'AAPL', quantity: '5', price: '0' }),
    row('transfer_in', '2024-01-15', { symbol: 'AAPL', quantity: '1', price: '0' }),
    row('buy', '2024-03-01', { symbol: 'MSFT', quantity: '1', price: '310' }),
    row('transfer_in', '2024-03-05', { symbol: 'SAP.DE', quantity: '1', price: '0', currency: 'EUR' }),
  ];

  it('names the symbols in order of first appearance, and the first undated day of each', () => {
    const { version } = versionOf(rows);
    expect(symbolsOf(version)).toEqual(['MSFT', 'AAPL', 'SAP.DE']);
    expect([...undatedSince(version)]).toEqual([
      ['AAPL', '2024-01-15'],
      ['SAP.DE', '2024-03-05'],
    ]);
  });

  it('says whether every row is in a currency (a row without one is in USD)', () => {
    expect(rowsAllIn(versionOf(rows).version, 'USD')).toBe(false);
    expect(rowsAllIn(versionOf(rows.slice(0, 5)).version, 'USD')).toBe(true);
    expect(rowsAllIn(versionOf(rows.slice(0, 5)).version, 'EUR')).toBe(false);
    expect(rowsAllIn(versionOf([]).version, 'GBP')).toBe(true);
  });

  it('reads the rows once per version, however many reads ask', () => {
    const { version, reads } = versionOf(rows);
    for (let i = 0; i < 5; i++) {
      symbolsOf(version);
      rowsAllIn(version, 'USD');
      undatedSince(version);
    }
    expect(reads()).toBe(1);
    const next = versionOf(rows.slice(0, 2));
    expect(symbolsOf(next.version)).toEqual(['MSFT']);
    expect(next.reads()).toBe(1);
  });
});
