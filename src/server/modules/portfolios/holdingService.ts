import { generateIdFromEntropySize } from 'lucia';
import { Dec } from '../../../shared/portfolio/decimal';
import { MAX_HOLDINGS_PER_PORTFOLIO, MAX_QUANTITY } from '../../../shared/portfolio/limits';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { ValuedHolding } from '../../../shared/portfolio/types';
import type { AppDeps } from '../../depsTypes';
import type { Db } from '../../db/client';
import { withMarketErrors } from '../stocks/errors';
import { badInput, holdingNotFound, portfolioNotFound } from './errors';
import { mergePositions, type Position } from './merge';
import {
  countHoldings,
  deleteHolding,
  findHoldingBySymbol,
  findOwnedHolding,
  findOwnedPortfolio,
  inWriteTransaction,
  insertHolding,
  portfolioKeys,
  updateHolding,
  updatePortfolio,
  type HoldingRow,
} from './queries';
import { requireOwnedPortfolio } from './portfolioService';
import { valuePortfolio } from './summary';

/** Holdings of one owner's portfolio: add (merging a symbol already held), edit, remove, refresh from the market. */

export interface NewPosition extends Position {
  symbol: string;
}

/** Symbols the market knows, out of those asked, with one batched quotes call. */
export async function knownSymbols(deps: AppDeps, symbols: readonly string[]): Promise<Set<string>> {
  if (symbols.length === 0) return new Set();
  const quotes = await withMarketErrors(() => deps.market.quotes([...new Set(symbols)]));
  return new Set(Object.keys(quotes));
}

/**
 * Writes one position into a portfolio inside the caller's write transaction: merges into the holding of the same
 * symbol, or inserts a new one within the holdings limit. Throws the 400 the user should see.
 */
export async function writePosition(
  tx: Db,
  portfolioId: string,
  position: NewPosition,
  now: number,
): Promise<{ holdingId: string; merged: boolean }> {
  const held = await findHoldingBySymbol(tx, portfolioId, position.symbol);
  if (held) {
    const merged = mergePositions(held, position);
    if (new Dec(merged.quantity).gt(MAX_QUANTITY)) throw badInput(M.quantityMergeTooLarge);
    await updateHolding(tx, held.id, { ...merged, updatedAt: now });
    return { holdingId: held.id, merged: true };
  }
  if ((await countHoldings(tx, portfolioId)) >= MAX_HOLDINGS_PER_PORTFOLIO) throw badInput(M.tooManyHoldings);
  const row: HoldingRow = {
    id: generateIdFromEntropySize(10),
    portfolioId,
    symbol: position.symbol,
    quantity: position.quantity,
    averagePrice: position.averagePrice,
    createdAt: now,
    updatedAt: now,
  };
  await insertHolding(tx, row);
  return { holdingId: row.id, merged: false };
}

/** The holding as valued within its whole portfolio (so its weight is right), after a change. */
async function valuedHolding(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  holdingId: string,
): Promise<ValuedHolding> {
  const row = await findOwnedPortfolio(deps.db, userId, portfolioId);
  if (!row) throw portfolioNotFound();
  const { holdings } = await valuePortfolio(deps, row);
  const holding = holdings.find((h) => h.id === holdingId);
  if (!holding) throw holdingNotFound();
  return holding;
}

/**
 * Adds a holding. Ownership is checked first (a foreign portfolio is a 404 whatever the body), then the symbol
 * against the market ('Stock not found'), then limits and merge in one write transaction.
 */
export async function addHolding(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  position: NewPosition,
): Promise<ValuedHolding> {
  await requireOwnedPortfolio(deps, userId, portfolioId);
  const known = await knownSymbols(deps, [position.symbol]);
  if (!known.has(position.symbol)) throw badInput(M.stockNotFound);
  const now = deps.now();
  const { holdingId } = await inWriteTransaction(deps.db, [portfolioKeys.portfolio(portfolioId)], async (tx) => {
    // Checked again inside the transaction: the portfolio may have been deleted while the quote was fetched.
    if (!(await findOwnedPortfolio(tx, userId, portfolioId))) throw portfolioNotFound();
    const written = await writePosition(tx, portfolioId, position, now);
    await updatePortfolio(tx, portfolioId, { updatedAt: now });
    return written;
  });
  return valuedHolding(deps, userId, portfolioId, holdingId);
}

/** Sets a holding's quantity and average price as typed (a correction, not a purchase: nothing is merged). */
export async function editHolding(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  holdingId: string,
  position: Position,
): Promise<ValuedHolding> {
  const now = deps.now();
  await inWriteTransaction(deps.db, [portfolioKeys.portfolio(portfolioId)], async (tx) => {
    if (!(await findOwnedPortfolio(tx, userId, portfolioId))) throw portfolioNotFound();
    const owned = await findOwnedHolding(tx, userId, holdingId);
    if (!owned || owned.portfolio.id !== portfolioId) throw holdingNotFound();
    await updateHolding(tx, holdingId, {
      quantity: position.quantity,
      averagePrice: position.averagePrice,
      updatedAt: now,
    });
    await updatePortfolio(tx, portfolioId, { updatedAt: now });
  });
  return valuedHolding(deps, userId, portfolioId, holdingId);
}

export async function removeHolding(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  holdingId: string,
): Promise<{ id: string }> {
  const now = deps.now();
  await inWriteTransaction(deps.db, [portfolioKeys.portfolio(portfolioId)], async (tx) => {
    if (!(await findOwnedPortfolio(tx, userId, portfolioId))) throw portfolioNotFound();
    if (!(await deleteHolding(tx, portfolioId, holdingId))) throw holdingNotFound();
    await updatePortfolio(tx, portfolioId, { updatedAt: now });
  });
  return { id: holdingId };
}

/**
 * product.md §7: PATCH /api/portfolios/holdings/{id} is the price refresh. The client's price, value and gain are ignored;
 * the answer is the holding valued from the market now.
 */
export async function refreshHolding(deps: AppDeps, userId: string, holdingId: string): Promise<ValuedHolding> {
  const owned = await findOwnedHolding(deps.db, userId, holdingId);
  if (!owned) throw holdingNotFound();
  return valuedHolding(deps, userId, owned.portfolio.id, holdingId);
}
