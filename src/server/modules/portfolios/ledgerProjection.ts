import { generateIdFromEntropySize } from 'lucia';
import type { Db } from '../../db/client';
import type { OpenHolding } from './ledgerEngine/protocol';
import type { ActivityRow } from './ledgerQueries';
import { deleteHolding, holdingsOf, insertHolding, updateHolding } from './queries';

/**
 * Ledger order, and the `holdings` table as the replay of the ledger leaves it (valuation, sharing, analysis and
 * the agent read that table). The replay itself runs on the ledger engine's thread (ledgerEngine/); a write
 * (ledgerService.changeLedger) checks the new ledger there first and then, in one write transaction, stores its
 * own rows and the open positions the replay answered.
 */

/** Ledger order: date, then the order the activities were recorded. */
export function compareLedgerOrder(a: ActivityRow, b: ActivityRow): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The rows in ledger order (a new array; the same one's order is checked first, as it usually is in order). */
export function inLedgerOrder(rows: readonly ActivityRow[]): ActivityRow[] {
  const ordered = rows.every((row, i) => i === 0 || compareLedgerOrder(rows[i - 1], row) <= 0);
  return ordered ? rows.slice() : [...rows].sort(compareLedgerOrder);
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
