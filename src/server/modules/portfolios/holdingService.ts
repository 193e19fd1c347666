import { Dec } from '../../../shared/portfolio/decimal';
import { utcDay } from '../../../shared/portfolio/ledger/days';
import { MAX_QUANTITY } from '../../../shared/portfolio/limits';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { ValuedHolding } from '../../../shared/portfolio/types';
import type { AppDeps } from '../../depsTypes';
import { appError } from '../../errors/appError';
import { withMarketErrors } from '../stocks/errors';
import { badInput, holdingNotFound, portfolioNotFound } from './errors';
import { deleteActivitiesOfSymbol, insertActivities, updateActivityRow } from './ledgerQueries';
import { withCurrencies } from './activityCurrency';
import { changeLedger, newActivityRow } from './ledgerService';
import type { Position } from './merge';
import { findHoldingBySymbol, findOwnedHolding, findOwnedPortfolio } from './queries';
import { requireOwnedPortfolio } from './portfolioService';
import { valuePortfolio, withLedgerFigures } from './summary';

/**
 * Holdings of one owner's portfolio, as views over the ledger (issue 21): adding a holding records a buy today at
 * the average price given, removing one removes that symbol's activities, editing one edits its only activity (its
 * buy). The holdings rows themselves are the ledger's projection (ledgerProjection.ts).
 */

export interface NewPosition extends Position {
  symbol: string;
}

/** Symbols the market knows, out of those asked, with one batched quotes call. */
export async function knownSymbols(deps: AppDeps, symbols: readonly string[]): Promise<Set<string>> {
  if (symbols.length === 0) return new Set();
  const quotes = await withMarketErrors(() => deps.market.quotes([...new Set(symbols)]));
  return new Set(Object.keys(quotes));
}

export const tooManyActivitiesToEdit = (n: number) =>
  appError('CONFLICT', `This holding has ${n} activities: edit them on the Activity tab.`);

/** A buy of `position` on `date`, as the ledger stores it. */
export function buyOf(position: NewPosition, date: string) {
  return {
    type: 'buy' as const,
    date,
    symbol: position.symbol,
    quantity: position.quantity,
    price: position.averagePrice,
    fee: null,
    amount: null,
    ratio: null,
    note: null,
  };
}

/** The holding as valued within its whole portfolio (so its weight is right), after a change. */
async function valuedHolding(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  find: { id: string } | { symbol: string },
): Promise<ValuedHolding> {
  const row = await findOwnedPortfolio(deps.db, userId, portfolioId);
  if (!row) throw portfolioNotFound();
  const holdings = await withLedgerFigures(deps, row, (await valuePortfolio(deps, row)).holdings);
  const holding = holdings.find((h) => ('id' in find ? h.id === find.id : h.symbol === find.symbol));
  if (!holding) throw holdingNotFound();
  return holding;
}

/**
 * Adds a holding: a buy today. Ownership is checked first (a foreign portfolio is a 404 whatever the body), then
 * the symbol against the market ('Stock not found'), then the ledger is replayed with the buy in one transaction.
 */
export async function addHolding(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  position: NewPosition,
): Promise<ValuedHolding> {
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  const known = await knownSymbols(deps, [position.symbol]);
  if (!known.has(position.symbol)) throw badInput(M.stockNotFound);
  // The average price is in the symbol's listing currency, as its quote (issue 27 §3).
  const [buy] = await withCurrencies(deps, portfolio.baseCurrency, [buyOf(position, utcDay(deps.now()))]);
  await changeLedger(deps, userId, portfolioId, async (_portfolio, rows, now) => {
    // Read at the version the write is planned on; the write commits only if the ledger is still that version.
    const held = await findHoldingBySymbol(deps.db, portfolioId, position.symbol);
    if (held && new Dec(held.quantity).plus(position.quantity).gt(MAX_QUANTITY)) {
      throw badInput(M.quantityMergeTooLarge);
    }
    const row = newActivityRow(portfolioId, { ...buy, date: utcDay(now) }, now);
    return { rows: [...rows, row], result: null, write: (tx) => insertActivities(tx, [row]) };
  });
  return valuedHolding(deps, userId, portfolioId, { symbol: position.symbol });
}

/**
 * Sets a holding's quantity and average price as typed, by editing its one buy. A holding with a history (more
 * activities) is edited on the Activity tab: 409.
 */
export async function editHolding(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  holdingId: string,
  position: Position,
): Promise<ValuedHolding> {
  await changeLedger(deps, userId, portfolioId, async (_portfolio, rows, now) => {
    const owned = await findOwnedHolding(deps.db, userId, holdingId);
    if (!owned || owned.portfolio.id !== portfolioId) throw holdingNotFound();
    const symbol = owned.holding.symbol;
    const ofSymbol = rows.filter((r) => r.symbol === symbol);
    if (ofSymbol.length !== 1 || ofSymbol[0].type !== 'buy') throw tooManyActivitiesToEdit(ofSymbol.length);
    const buy = {
      ...ofSymbol[0],
      quantity: position.quantity,
      price: position.averagePrice,
      fee: null,
      updatedAt: now,
    };
    return {
      rows: [...rows.filter((r) => r.id !== buy.id), buy],
      result: null,
      write: async (tx) => void (await updateActivityRow(tx, portfolioId, buy.id, buy)),
    };
  });
  return valuedHolding(deps, userId, portfolioId, { id: holdingId });
}

/** Removes a holding and every activity of its symbol (the UI asks for confirmation first). */
export async function removeHolding(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  holdingId: string,
): Promise<{ id: string }> {
  return changeLedger(deps, userId, portfolioId, async (_portfolio, rows) => {
    const owned = await findOwnedHolding(deps.db, userId, holdingId);
    if (!owned || owned.portfolio.id !== portfolioId) throw holdingNotFound();
    const symbol = owned.holding.symbol;
    return {
      rows: rows.filter((r) => r.symbol !== symbol),
      result: { id: holdingId },
      write: (tx) => deleteActivitiesOfSymbol(tx, portfolioId, symbol),
    };
  });
}

/**
 * product.md §7: PATCH /api/portfolios/holdings/{id} is the price refresh. The client's price, value and gain are ignored;
 * the answer is the holding valued from the market now.
 */
export async function refreshHolding(deps: AppDeps, userId: string, holdingId: string): Promise<ValuedHolding> {
  const owned = await findOwnedHolding(deps.db, userId, holdingId);
  if (!owned) throw holdingNotFound();
  return valuedHolding(deps, userId, owned.portfolio.id, { id: holdingId });
}
