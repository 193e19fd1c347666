import type { CostMethod } from '../../../shared/portfolio/ledger/types';
import type { Db } from '../../db/client';
import type { LedgerReplay } from './ledger/replay';
import { inLedgerOrder, replayRows } from './ledgerProjection';
import { activitiesOf, type ActivityRow } from './ledgerQueries';
import type { PortfolioRow } from './queries';

/**
 * The last ledger read or written per portfolio, in ledger order, keyed by the ledger's version
 * (portfolios.updated_at). Every ledger write moves the version forward by at least 1 ms inside its transaction
 * (commitLedger), and so do the other portfolio writes, so the version is never reused: a portfolio row read from
 * the database (on this instance or any other) whose updated_at matches the cached version has exactly these
 * activities. A write remembers its rows only after its transaction committed. The rows are shared: never mutate
 * them (the services build new arrays and objects).
 */

const MAX_CACHED_LEDGERS = 200;
const ledgers = new Map<string, { version: number; rows: readonly ActivityRow[] }>();

/** Replays of a cached ledger by cost method (the holdings' realised gains and lots read them). */
const replays = new WeakMap<readonly ActivityRow[], Map<CostMethod, LedgerReplay>>();

export function rememberLedger(
  portfolioId: string,
  version: number,
  rows: readonly ActivityRow[],
  replayed?: { method: CostMethod; replay: LedgerReplay },
): void {
  const ordered = inLedgerOrder(rows);
  ledgers.delete(portfolioId);
  ledgers.set(portfolioId, { version, rows: ordered });
  if (replayed) replays.set(ordered, new Map([[replayed.method, replayed.replay]]));
  if (ledgers.size > MAX_CACHED_LEDGERS) ledgers.delete(ledgers.keys().next().value as string);
}

/** The portfolio's activities in ledger order, from the cache when its version matches `portfolio.updatedAt`. */
export async function ledgerRows(db: Db, portfolio: PortfolioRow): Promise<readonly ActivityRow[]> {
  const cached = ledgers.get(portfolio.id);
  if (cached?.version === portfolio.updatedAt) return cached.rows;
  const rows = inLedgerOrder(await activitiesOf(db, portfolio.id));
  rememberLedger(portfolio.id, portfolio.updatedAt, rows);
  return rows;
}

/** The next version of a portfolio row: now, or 1 ms after the last one when the clock has not moved past it. */
export const nextVersion = (row: Pick<PortfolioRow, 'updatedAt'>, now: number) => Math.max(now, row.updatedAt + 1);

/** The replay of the portfolio's ledger under its cost method, computed once per ledger version. */
export async function ledgerReplay(db: Db, portfolio: PortfolioRow): Promise<LedgerReplay> {
  const rows = await ledgerRows(db, portfolio);
  const method = portfolio.costMethod as CostMethod;
  let byMethod = replays.get(rows);
  if (!byMethod) replays.set(rows, (byMethod = new Map<CostMethod, LedgerReplay>()));
  let replay = byMethod.get(method);
  if (!replay) byMethod.set(method, (replay = replayRows(rows, method)));
  return replay;
}
