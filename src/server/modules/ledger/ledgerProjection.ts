import { generateIdFromEntropySize } from 'lucia';
import type { Db } from '../../db/client';
import type { OpenHolding } from './engine/protocol';
import type { ActivityRow } from './ledgerQueries';
import { deleteHolding, holdingsOf, insertHolding, updateHolding } from '../portfolios/queries';

/**
 * Ledger order, and the `holdings` table as the replay of the ledger leaves it (valuation, sharing, analysis and
 * the agent read that table). The replay itself runs on the ledger engine's thread (engine/); a write
 * (ledgerService.changeLedger) checks the new ledger there first and then, in one write transaction, stores its
 * own rows and the open positions the replay answered.
 */

/** Ledger order: date, then the order the activities were recorded. */
export function compareLedgerOrder(a: ActivityRow, b: ActivityRow): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The rows in ledger order (a new array). A write hands over the ledger in order with its new or edited rows at the
 * end: rows that keep the order stay where they are, the few that do not are sorted apart and merged in, so putting
 * a 20,000-row ledger in order costs one pass, not a sort.
 */
export function inLedgerOrder(rows: readonly ActivityRow[]): ActivityRow[] {
  const kept: ActivityRow[] = [];
  const aside: ActivityRow[] = [];
  for (const row of rows) {
    if (kept.length === 0 || compareLedgerOrder(kept[kept.length - 1], row) <= 0) kept.push(row);
    else aside.push(row);
  }
  if (aside.length === 0) return kept;
  aside.sort(compareLedgerOrder);
  const merged: ActivityRow[] = [];
  let [i, j] = [0, 0];
  while (i < kept.length || j < aside.length) {
    if (j === aside.length || (i < kept.length && compareLedgerOrder(kept[i], aside[j]) <= 0)) merged.push(kept[i++]);
    else merged.push(aside[j++]);
  }
  return merged;
}

/** True when `rows` starts with exactly the `prefix` rows and what follows comes after them in ledger order. */
export function extendsRows(prefix: readonly ActivityRow[], rows: readonly ActivityRow[]): boolean {
  if (rows.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (rows[i] !== prefix[i]) return false;
  const last = prefix[prefix.length - 1];
  return last === undefined || rows.length === prefix.length || compareLedgerOrder(last, rows[prefix.length]) <= 0;
}

/** Where `row` goes among `rows` (in ledger order): the index of the first row it comes before. */
export function ledgerPosition(rows: readonly ActivityRow[], row: ActivityRow): number {
  let [low, high] = [0, rows.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareLedgerOrder(rows[middle], row) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Makes the holdings rows match the replay's open positions: a symbol still held keeps its holding id, a new one
 * gets a holding, a sold-out one loses it; unchanged rows are not written.
 */
export async function writeHoldings(
  tx: Db,
  portfolioId: string,
  open: readonly OpenHolding[],
  now: number,
): Promise<void> {
  const existing = new Map((await holdingsOf(tx, portfolioId)).map((h) => [h.symbol, h]));
  for (const { symbol, quantity, averagePrice } of open) {
    const held = existing.get(symbol);
    existing.delete(symbol);
    if (!held) {
      const id = generateIdFromEntropySize(10);
      await insertHolding(tx, { id, portfolioId, symbol, quantity, averagePrice, createdAt: now, updatedAt: now });
    } else if (held.quantity !== quantity || held.averagePrice !== averagePrice) {
      await updateHolding(tx, held.id, { quantity, averagePrice, updatedAt: now });
    }
  }
  for (const gone of existing.values()) await deleteHolding(tx, portfolioId, gone.id);
}
