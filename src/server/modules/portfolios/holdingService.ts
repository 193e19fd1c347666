import { Dec } from '../../../shared/portfolio/decimal';
import { utcDay } from '../../../shared/portfolio/ledger/days';
import { isFutureDate } from '../../../shared/portfolio/ledger/schemas';
import { MAX_QUANTITY } from '../../../shared/portfolio/limits';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { ValuedHolding } from '../../../shared/portfolio/types';
import type { AppDeps } from '../../depsTypes';
import type { LedgerDeps, LedgerWriteDeps } from '../ledger/deps';
import { appError } from '../../errors/appError';
import { withMarketErrors } from '../stocks/errors';
import { badInput, holdingNotFound } from './errors';
import { deleteActivitiesOfSymbol, insertActivities, updateActivityRow } from '../ledger/ledgerQueries';
import { withCurrencies } from '../ledger/activityCurrency';
import { changeLedger, newActivityRow } from '../ledger/ledgerService';
import type { Position } from './merge';
import { findHolding, findOwnedHolding, type PortfolioRow } from './queries';
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
export async function knownSymbols(deps: Pick<AppDeps, 'market'>, symbols: readonly string[]): Promise<Set<string>> {
  if (symbols.length === 0) return new Set();
  const quotes = await withMarketErrors(() => deps.market.quotes([...new Set(symbols)]));
  return new Set(Object.keys(quotes));
}

export const tooManyActivitiesToEdit = (n: number) =>
  appError('CONFLICT', `This holding has ${n} activities: edit them on the Activity tab.`);

/**
 * A buy of `position` on `date`, as the ledger stores it; without a purchase date (`date` null) a transfer in today
 * at that cost basis, valued at the day's close (decision 022), so the gain made before is never booked as a return.
 */
export function buyOf(position: NewPosition, date: string | null, today = '') {
  return {
    type: date === null ? ('transfer_in' as const) : ('buy' as const),
    date: date ?? today,
    symbol: position.symbol,
    quantity: position.quantity,
    price: position.averagePrice,
    fee: null,
    amount: null,
    ratio: null,
    note: null,
  };
}

/**
 * The holding as valued within its whole portfolio (so its weight is right), after a change: `row` is the owned
 * portfolio as the write left it (changeLedger returns it), so ownership is not read again.
 */
async function valuedHolding(
  deps: LedgerDeps,
  row: PortfolioRow,
  find: { id: string } | { symbol: string },
): Promise<ValuedHolding> {
  const holdings = await withLedgerFigures(deps, row, (await valuePortfolio(deps, row)).holdings);
  const holding = holdings.find((h) => ('id' in find ? h.id === find.id : h.symbol === find.symbol));
  if (!holding) throw holdingNotFound();
  return holding;
}

/** The symbol of a holding of the portfolio the write already owns (no second ownership read); else a 404. */
async function symbolOfHolding(deps: Pick<AppDeps, 'db'>, portfolioId: string, holdingId: string): Promise<string> {
  const holding = await findHolding(deps.db, portfolioId, { id: holdingId });
  if (!holding) throw holdingNotFound();
  return holding.symbol;
}

/**
 * Adds a holding: a buy on its purchase date, or without one a transfer in today. Ownership is checked first (a foreign portfolio is a 404 whatever the body), then
 * the symbol against the market ('Stock not found'), then the ledger is replayed with the buy in one transaction.
 */
export async function addHolding(
  deps: LedgerWriteDeps,
  userId: string,
  portfolioId: string,
  position: NewPosition & { purchaseDate?: string | null },
): Promise<ValuedHolding> {
  const purchaseDate = position.purchaseDate ?? null;
  if (purchaseDate && isFutureDate(purchaseDate, deps.now())) throw badInput(M.purchaseDateInFuture);
  const { portfolio: written } = await changeLedger(deps, userId, portfolioId, async (portfolio, rows, now) => {
    const known = await knownSymbols(deps, [position.symbol]);
    if (!known.has(position.symbol)) throw badInput(M.stockNotFound);
    // The average price is in the symbol's listing currency, as its quote (issue 27 §3).
    const [buy] = await withCurrencies(deps, portfolio.baseCurrency, [buyOf(position, purchaseDate, utcDay(now))]);
    // Read at the version the write is planned on; the write commits only if the ledger is still that version.
    const held = await findHolding(deps.db, portfolioId, { symbol: position.symbol });
    if (held && new Dec(held.quantity).plus(position.quantity).gt(MAX_QUANTITY)) {
      throw badInput(M.quantityMergeTooLarge);
    }
    // Without a purchase date, a transfer in dated the day the write lands (decision 022).
    const row = newActivityRow(portfolioId, purchaseDate ? buy : { ...buy, date: utcDay(now) }, now);
    return { rows: [...rows, row], result: null, write: (tx) => insertActivities(tx, [row]) };
  });
  return valuedHolding(deps, written, { symbol: position.symbol });
}

/**
 * Sets a holding's quantity and average price as typed, by editing its one buy. A holding with a history (more
 * activities) is edited on the Activity tab: 409.
 */
export async function editHolding(
  deps: LedgerWriteDeps,
  userId: string,
  portfolioId: string,
  holdingId: string,
  position: Position,
): Promise<ValuedHolding> {
  const { portfolio } = await changeLedger(deps, userId, portfolioId, async (_portfolio, rows, now) => {
    const symbol = await symbolOfHolding(deps, portfolioId, holdingId);
    const ofSymbol = rows.filter((r) => r.symbol === symbol);
    const only = ofSymbol[0];
    if (ofSymbol.length !== 1 || (only.type !== 'buy' && only.type !== 'transfer_in'))
      throw tooManyActivitiesToEdit(ofSymbol.length);
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
  return valuedHolding(deps, portfolio, { id: holdingId });
}

/**
 * Issue 27: the purchase date of shares added without one. Each transfer in of the holding's symbol becomes a buy on
 * that date at its cost basis, so the history is as if the date had been given: the gain since then becomes return.
 * The replay refuses a date that breaks the ledger (a sell before the new buy), naming the activity.
 */
export async function setPurchaseDate(
  deps: LedgerWriteDeps,
  userId: string,
  portfolioId: string,
  holdingId: string,
  purchaseDate: string,
): Promise<ValuedHolding> {
  if (isFutureDate(purchaseDate, deps.now())) throw badInput(M.purchaseDateInFuture);
  const { portfolio } = await changeLedger(deps, userId, portfolioId, async (_portfolio, rows, now) => {
    const symbol = await symbolOfHolding(deps, portfolioId, holdingId);
    const dated = rows
      .filter((r) => r.symbol === symbol && r.type === 'transfer_in')
      .map((r) => ({ ...r, type: 'buy' as const, date: purchaseDate, fee: null, updatedAt: now }));
    if (dated.length === 0) throw appError('CONFLICT', M.noUndatedShares);
    const ids = new Set(dated.map((r) => r.id));
    return {
      rows: [...rows.filter((r) => !ids.has(r.id)), ...dated],
      result: null,
      write: async (tx) => {
        for (const row of dated) await updateActivityRow(tx, portfolioId, row.id, row);
      },
    };
  });
  return valuedHolding(deps, portfolio, { id: holdingId });
}

/** Removes a holding and every activity of its symbol (the UI asks for confirmation first). */
export async function removeHolding(
  deps: LedgerWriteDeps,
  userId: string,
  portfolioId: string,
  holdingId: string,
): Promise<{ id: string }> {
  const { result } = await changeLedger(deps, userId, portfolioId, async (_portfolio, rows) => {
    const symbol = await symbolOfHolding(deps, portfolioId, holdingId);
    return {
      rows: rows.filter((r) => r.symbol !== symbol),
      result: { id: holdingId },
      write: (tx) => deleteActivitiesOfSymbol(tx, portfolioId, symbol),
    };
  });
  return result;
}

/**
 * product.md §7: PATCH /api/portfolios/holdings/{id} is the price refresh. The client's price, value and gain are ignored;
 * the answer is the holding valued from the market now.
 */
export async function refreshHolding(deps: LedgerDeps, userId: string, holdingId: string): Promise<ValuedHolding> {
  // One read finds the holding and owns its portfolio: the valuation takes that row.
  const owned = await findOwnedHolding(deps.db, userId, holdingId);
  if (!owned) throw holdingNotFound();
  return valuedHolding(deps, owned.portfolio, { id: holdingId });
}
