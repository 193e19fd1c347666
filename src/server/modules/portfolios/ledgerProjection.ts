import { generateIdFromEntropySize } from 'lucia';
import { Dec, decimalText } from '../../../shared/portfolio/decimal';
import { MAX_HOLDINGS_PER_PORTFOLIO, MAX_PRICE_DECIMALS } from '../../../shared/portfolio/limits';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { CostMethod } from '../../../shared/portfolio/ledger/types';
import type { Db } from '../../db/client';
import { badInput } from './errors';
import { exactAveragePrices } from './ledger/exactAverage';
import { LedgerError, replayLedger, type LedgerReplay } from './ledger/replay';
import { activityOf, type ActivityRow } from './ledgerQueries';
import { deleteHolding, holdingsOf, insertHolding, updateHolding, updatePortfolio, type PortfolioRow } from './queries';

/**
 * The one way the ledger changes: the whole new ledger is replayed before anything is kept, and the `holdings`
 * table (valuation, sharing, analysis and the agent read it) is rewritten from the replay in the same write
 * transaction. A LedgerError becomes the 400 the user reads and the caller's transaction rolls back.
 */

/** Ledger order: date, then the order the activities were recorded. */
export function inLedgerOrder(rows: readonly ActivityRow[]): ActivityRow[] {
  return [...rows].sort((a, b) =>
    a.date !== b.date
      ? a.date < b.date
        ? -1
        : 1
      : a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

export function replayRows(rows: readonly ActivityRow[], method: CostMethod): LedgerReplay {
  try {
    return replayLedger(inLedgerOrder(rows).map(activityOf), method);
  } catch (error) {
    if (error instanceof LedgerError) throw badInput(error.message);
    throw error;
  }
}

/** Average cost per unit as the holdings table keeps it: exact (ledger/exactAverage.ts), at most 8 decimals. */
function averagePriceText(average: Dec | undefined): string {
  return decimalText((average ?? new Dec(0)).toDecimalPlaces(MAX_PRICE_DECIMALS));
}

/**
 * Replays `rows` (the ledger as it will be) and makes the holdings rows match its open positions: a symbol still
 * held keeps its holding id, a new one gets a holding, a sold-out one loses it. The portfolio's updated_at moves
 * forward by at least 1 ms, so it is also the ledger's version (the performance cache keys on it).
 */
export async function commitLedger(
  tx: Db,
  portfolio: PortfolioRow,
  rows: readonly ActivityRow[],
  now: number,
  method: CostMethod = portfolio.costMethod as CostMethod,
): Promise<{ replay: LedgerReplay; version: number }> {
  const replay = replayRows(rows, method);
  const averages = exactAveragePrices(inLedgerOrder(rows).map(activityOf), method);
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
  return { replay, version };
}
