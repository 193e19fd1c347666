import { generateIdFromEntropySize } from 'lucia';
import { Dec, decimalText } from '../../../shared/portfolio/decimal';
import { MAX_HOLDINGS_PER_PORTFOLIO, MAX_PRICE_DECIMALS } from '../../../shared/portfolio/limits';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { CostMethod } from '../../../shared/portfolio/ledger/types';
import type { Db } from '../../db/client';
import { badInput } from './errors';
import { ExactAverageBook } from './ledger/exactAverage';
import { parseActivity } from './ledger/parse';
import { LedgerError, LedgerReplayer, type LedgerReplay } from './ledger/replay';
import { activityOf, type ActivityRow } from './ledgerQueries';
import { deleteHolding, holdingsOf, insertHolding, updateHolding, updatePortfolio, type PortfolioRow } from './queries';

/**
 * The one way the ledger changes: the whole new ledger is replayed before anything is kept, and the `holdings`
 * table (valuation, sharing, analysis and the agent read it) is rewritten from the replay in the same write
 * transaction. A LedgerError becomes the 400 the user reads and the caller's transaction rolls back.
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

/** The replay's state at the end of a ledger: the engine's replay and the holdings' exact averages, both resumable. */
export interface LedgerEnd {
  replayer: LedgerReplayer;
  averages: ExactAverageBook;
}

/**
 * Replays `rows` (in ledger order) to their end. Given the end state of a ledger that `rows` only extends (the same
 * row objects first, then rows that come after them in ledger order), it goes on from a copy of that state and
 * replays the new rows alone: what the full replay would do, since the earlier rows replayed without error to
 * exactly that state. A LedgerError becomes the 400 the user reads.
 */
export function replayToEnd(
  rows: readonly ActivityRow[],
  method: CostMethod,
  from?: { rows: readonly ActivityRow[]; end: LedgerEnd },
): LedgerEnd {
  const resumes = from !== undefined && from.end.replayer.method === method && extendsRows(from.rows, rows);
  const end: LedgerEnd = resumes
    ? { replayer: from.end.replayer.clone(), averages: from.end.averages.clone() }
    : { replayer: new LedgerReplayer(method), averages: new ExactAverageBook(method) };
  try {
    for (let i = resumes ? from.rows.length : 0; i < rows.length; i++) {
      const parsed = parseActivity(activityOf(rows[i]));
      end.replayer.apply(parsed);
      end.averages.apply(parsed);
    }
  } catch (error) {
    if (error instanceof LedgerError) throw badInput(error.message);
    throw error;
  }
  return end;
}

/** True when `rows` starts with exactly the `prefix` rows and what follows comes after them in ledger order. */
function extendsRows(prefix: readonly ActivityRow[], rows: readonly ActivityRow[]): boolean {
  if (rows.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (rows[i] !== prefix[i]) return false;
  const last = prefix[prefix.length - 1];
  return last === undefined || rows.length === prefix.length || compareLedgerOrder(last, rows[prefix.length]) <= 0;
}

/** Average cost per unit as the holdings table keeps it: exact (ledger/exactAverage.ts), at most 8 decimals. */
function averagePriceText(average: Dec | undefined): string {
  return decimalText((average ?? new Dec(0)).toDecimalPlaces(MAX_PRICE_DECIMALS));
}

/**
 * Replays `rows` (the ledger as it will be) and makes the holdings rows match its open positions: a symbol still
 * held keeps its holding id, a new one gets a holding, a sold-out one loses it. The portfolio's updated_at moves
 * forward by at least 1 ms, so it is also the ledger's version (the performance cache keys on it). `from` is the
 * cached end state of the ledger before the write, when known (see replayToEnd).
 */
export async function commitLedger(
  tx: Db,
  portfolio: PortfolioRow,
  rows: readonly ActivityRow[],
  now: number,
  method: CostMethod = portfolio.costMethod as CostMethod,
  from?: { rows: readonly ActivityRow[]; end: LedgerEnd },
): Promise<{ replay: LedgerReplay; end: LedgerEnd; version: number }> {
  const end = replayToEnd(inLedgerOrder(rows), method, from);
  const replay = end.replayer.result();
  const averages = end.averages.averages();
  const open = replay.holdings.filter((h) => new Dec(h.quantity).gt(0));
  if (open.length > MAX_HOLDINGS_PER_PORTFOLIO) throw badInput(M.tooManyHoldings);
  const existing = new Map((await holdingsOf(tx, portfolio.id)).map((h) => [h.symbol, h]));
  for (const h of open) {
    const quantity = decimalText(new Dec(h.quantity));
    const averagePrice = averagePriceText(averages.get(h.symbol));
    const held = existing.get(h.symbol);
    existing.delete(h.symbol);
    if (!held) {
      await insertHolding(tx, {
        id: generateIdFromEntropySize(10),
        portfolioId: portfolio.id,
        symbol: h.symbol,
        quantity,
        averagePrice,
        createdAt: now,
        updatedAt: now,
      });
    } else if (held.quantity !== quantity || held.averagePrice !== averagePrice) {
      await updateHolding(tx, held.id, { quantity, averagePrice, updatedAt: now });
    }
  }
  for (const gone of existing.values()) await deleteHolding(tx, portfolio.id, gone.id);
  const version = Math.max(now, portfolio.updatedAt + 1);
  await updatePortfolio(tx, portfolio.id, { updatedAt: version });
  return { replay, end, version };
}
