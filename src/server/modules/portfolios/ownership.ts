import type { AppDeps } from '../../depsTypes';
import { portfolioNotFound } from './errors';
import { findOwnedPortfolio, type PortfolioRow } from './queries';

/**
 * The one ownership read of a request (issue 29 §5), shared by the portfolios and ledger features: the ledger imports
 * this file, the portfolios' row queries and their errors from modules/portfolios, and nothing else (decision 029).
 * A write reads the owned row here once and hands it down; nothing below it reads ownership again.
 */

/** What reading ownership needs. */
export type OwnershipDeps = Pick<AppDeps, 'db'>;

/** The user's portfolio; someone else's, a missing or a malformed id are the same 404. */
export async function requireOwnedPortfolio(deps: OwnershipDeps, userId: string, id: string): Promise<PortfolioRow> {
  const row = await findOwnedPortfolio(deps.db, userId, id);
  if (!row) throw portfolioNotFound();
  return row;
}
