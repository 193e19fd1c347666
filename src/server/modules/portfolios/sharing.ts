import type { PortfolioSummary, SharedPortfolio } from '../../../shared/portfolio/types';
import type { AppDeps } from '../../depsTypes';
import type { LedgerDeps } from '../ledger/deps';
import { nextVersion } from '../ledger/ledgerCache';
import { portfolioNotFound, sharedPortfolioNotFound } from './errors';
import {
  findOwnedPortfolio,
  findPublicPortfolio,
  inWriteTransaction,
  portfolioKeys,
  updatePortfolio,
  type PortfolioRow,
} from './queries';
import { lookupKeyOf, newShareableLink } from './shareLink';
import { cashOf, summaryOf, valuePortfolio } from './summary';
import type { Valuation } from './valuation';

/**
 * Public / private (product.md §4). Going public makes a new unguessable link; going private deletes it, so a
 * link once withdrawn never works again, even after the portfolio goes public anew. Setting the state it already
 * has changes nothing (a second "public" keeps the link people already have).
 */
export async function setVisibility(
  deps: LedgerDeps,
  userId: string,
  id: string,
  isPublic: boolean,
): Promise<PortfolioSummary> {
  const row = await inWriteTransaction(deps.db, [portfolioKeys.portfolio(id)], async (tx): Promise<PortfolioRow> => {
    const current = await findOwnedPortfolio(tx, userId, id);
    if (!current) throw portfolioNotFound();
    if (current.isPublic === isPublic) return current;
    const patch = {
      isPublic,
      shareableLink: isPublic ? newShareableLink() : null,
      updatedAt: nextVersion(current, deps.now()),
    };
    await updatePortfolio(tx, id, patch);
    return { ...current, ...patch };
  });
  const { totals } = await valuePortfolio(deps, row);
  return summaryOf(row, totals, await cashOf(deps, row));
}

/** The public portfolio behind a link, or undefined for a private, unknown or malformed link (one lookup each). */
export async function findSharedPortfolio(deps: Pick<AppDeps, 'db'>, link: string): Promise<PortfolioRow | undefined> {
  return findPublicPortfolio(deps.db, lookupKeyOf(link));
}

/**
 * GET /api/portfolio/shared/{link}: built field by field from an allow-list (issue 10): name, description,
 * updated date, totals and holding count; per holding symbol, quantity, price, value and gain/loss. No ids,
 * owner, average prices or internal fields; adding a field to the stored rows cannot leak it here.
 */
export function buildSharedAnswer(row: PortfolioRow, { holdings, totals }: Valuation): SharedPortfolio {
  return {
    portfolio: {
      name: row.name,
      description: row.description,
      lastUpdated: new Date(row.updatedAt).toISOString(),
      totalValue: totals.totalValue,
      totalGainLoss: totals.totalGainLoss,
      totalGainLossPercent: totals.totalGainLossPercent,
      holdingsCount: totals.holdingsCount,
      pricesAsOf: totals.pricesAsOf,
      currency: row.baseCurrency,
    },
    holdings: holdings.map((h) => ({
      symbol: h.symbol,
      quantity: h.quantity,
      currency: h.currency ?? row.baseCurrency,
      listingPrice: h.listingPrice ?? null,
      currentPrice: h.currentPrice,
      totalValue: h.totalValue,
      gainLoss: h.gainLoss,
      gainLossPercent: h.gainLossPercent,
    })),
  };
}

export async function getSharedPortfolio(deps: LedgerDeps, link: string): Promise<SharedPortfolio> {
  const row = await findSharedPortfolio(deps, link);
  if (!row) throw sharedPortfolioNotFound();
  return buildSharedAnswer(row, await valuePortfolio(deps, row));
}
