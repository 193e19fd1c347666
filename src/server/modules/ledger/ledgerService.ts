import { generateIdFromEntropySize } from 'lucia';
import {
  LEDGER_MESSAGES as L,
  isFutureDate,
  isTooEarlyDate,
  MAX_ACTIVITIES_PER_PORTFOLIO,
  type ActivityFields,
} from '../../../shared/portfolio/ledger/schemas';
import type { Activity, CostMethod } from '../../../shared/portfolio/ledger/types';
import { MAX_HOLDINGS_PER_PORTFOLIO } from '../../../shared/portfolio/limits';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { AppDeps } from '../../depsTypes';
import type { LedgerWriteDeps } from './deps';
import type { Db } from '../../db/client';
import { withMarketErrors } from '../stocks/errors';
import { appError } from '../../errors/appError';
import { badInput } from '../portfolios/errors';
import { requireOwnedPortfolio } from '../portfolios/ownership';
import { withCurrencies } from './activityCurrency';
import { nextVersion } from './ledgerCache';
import { inLedgerOrder, writeHoldings } from './ledgerProjection';
import { activityOf, deleteActivityRow, insertActivities, updateActivityRow, type ActivityRow } from './ledgerQueries';
import { advanceLedgerVersion, inWriteTransaction, portfolioKeys, type PortfolioRow } from '../portfolios/queries';

/**
 * The ledger of one owner's portfolio (issue 21): list, add, edit, delete. Every write checks the date against the
 * server's clock and the symbols against the market first, then has the ledger engine replay the whole ledger as it
 * would be (changeLedger): if it no longer adds up, the user reads why and nothing is written.
 */

/** Ledger writes per user, all together (activities, holdings, imports, cost method), across instances. */
export const LEDGER_WRITES = { max: 60, windowMs: 60_000 };
/** Attempts of one write when another instance changes the same ledger meanwhile. */
const MAX_ATTEMPTS = 5;

export const activityNotFound = () => appError('NOT_FOUND', L.activityNotFound);

/** What checking activities against the server's clock and the market needs. */
type CheckDeps = Pick<AppDeps, 'market' | 'now'>;

export async function listActivities(
  deps: Pick<AppDeps, 'db' | 'ledgers'>,
  userId: string,
  portfolioId: string,
): Promise<Activity[]> {
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  return (await deps.ledgers.rows(deps.db, portfolio)).map(activityOf);
}

/** The first symbol the market does not know among those asked, with one batched quotes call; null when all known. */
export async function firstUnknownSymbol(
  deps: Pick<AppDeps, 'market'>,
  symbols: readonly string[],
): Promise<string | null> {
  const wanted = [...new Set(symbols)];
  if (wanted.length === 0) return null;
  const quotes = await withMarketErrors(() => deps.market.quotes(wanted));
  return wanted.find((s) => !quotes[s]) ?? null;
}

/** Checks what only the server knows about new or edited activities: the date against today, the symbol exists. */
export async function checkActivities(deps: CheckDeps, activities: readonly ActivityFields[]): Promise<void> {
  const now = deps.now();
  if (activities.some((a) => isFutureDate(a.date, now))) throw badInput(L.dateInFuture);
  if (activities.some((a) => isTooEarlyDate(a.date))) throw badInput(L.dateTooEarly);
  const unknown = await firstUnknownSymbol(
    deps,
    activities.flatMap((a) => (a.symbol ? [a.symbol] : [])),
  );
  if (unknown) throw badInput(L.unknownSymbol(unknown));
}

/** A new row of `fields`; their currency is decided by withCurrencies (absent, the row is stored in USD). */
export function newActivityRow(portfolioId: string, fields: ActivityFields, now: number): ActivityRow {
  return { id: generateIdFromEntropySize(10), portfolioId, ...fields, createdAt: now, updatedAt: now };
}

/** What a write makes of the ledger, decided from the ledger as it is (the plan), before anything is written. */
export interface LedgerChange<T> {
  /** The whole ledger as it will be, in any order. */
  rows: ActivityRow[];
  result: T;
  /** A new cost method (the ledger is replayed with it). */
  method?: CostMethod;
  /** The write's own statements, run in the write transaction once the ledger is known to be unchanged. */
  write(tx: Db): Promise<void>;
}

/** A committed change: its result, and the portfolio row as the write left it (its new version and cost method). */
export interface LedgerChanged<T> {
  result: T;
  portfolio: PortfolioRow;
}

/**
 * The one way a ledger changes. `plan` decides the change from the portfolio and its rows (it may read, and throws
 * the 4xx of a bad request); the ledger engine replays the ledger as it would be, off the event loop and outside any
 * transaction (a LedgerError is the 400 the user reads); then one short write transaction moves the version forward
 * only if it is still the one planned on (compare-and-set), runs the change's statements and rewrites the holdings
 * from the replay. A ledger changed meanwhile by another instance means planning again. Writes of one portfolio on
 * this server queue behind each other, and each user has LEDGER_WRITES a minute.
 *
 * Ownership is read once per write (issue 29 §5): `owned` is either the portfolio's id, read here, or the owned row
 * its caller has already read (portfolios/ownership.ts), used as it is for the first attempt; only
 * a ledger moved meanwhile reads it again. The row is handed to `plan`, and the row as committed is returned, so
 * nothing before or after reads it a second time. Callers' checks of the request against the market run in `plan`,
 * so someone else's portfolio is a 404 before any 400 about what was sent.
 */
export async function changeLedger<T>(
  deps: LedgerWriteDeps,
  userId: string,
  owned: string | PortfolioRow,
  plan: (
    portfolio: PortfolioRow,
    rows: readonly ActivityRow[],
    now: number,
  ) => LedgerChange<T> | Promise<LedgerChange<T>>,
): Promise<LedgerChanged<T>> {
  const portfolioId = typeof owned === 'string' ? owned : owned.id;
  if (!(await deps.ledgerWriteBudget.take(userId))) throw appError('TOO_MANY_REQUESTS', L.tooManyWrites);
  return deps.ledgers.oneAtATime(portfolioId, async () => {
    for (let attempt = 1; ; attempt++) {
      const portfolio =
        attempt === 1 && typeof owned !== 'string' ? owned : await requireOwnedPortfolio(deps, userId, portfolioId);
      const current = await deps.ledgers.current(deps.db, portfolio);
      const now = deps.now();
      const change = await plan(portfolio, current.rows, now);
      const method = change.method ?? (portfolio.costMethod as CostMethod);
      const version = nextVersion(portfolio, now);
      const next = { tag: deps.ledgers.newTag(portfolioId, version), rows: inLedgerOrder(change.rows) };
      const { projection, encoded } = await deps.ledgerEngine.project(current, next, method);
      if (projection.open.length > MAX_HOLDINGS_PER_PORTFOLIO) throw badInput(M.tooManyHoldings);
      const committed = await inWriteTransaction(deps.db, [portfolioKeys.portfolio(portfolioId)], async (tx) => {
        // First, so that a ledger moved meanwhile (or a portfolio deleted) writes nothing: the next attempt re-reads.
        if (!(await advanceLedgerVersion(tx, userId, portfolioId, portfolio.updatedAt, version))) return false;
        await change.write(tx);
        await writeHoldings(tx, portfolioId, projection.open, now);
        return true;
      });
      if (committed) {
        // Only now that the transaction committed: the next read (or write) starts from these rows.
        deps.ledgers.remember(portfolioId, version, next.rows, { tag: next.tag, method, projection, encoded });
        return { result: change.result, portfolio: { ...portfolio, updatedAt: version, costMethod: method } };
      }
      if (attempt >= MAX_ATTEMPTS) throw appError('CONFLICT', L.changedMeanwhile);
    }
  });
}

export async function addActivity(
  deps: LedgerWriteDeps,
  userId: string,
  portfolioId: string,
  fields: ActivityFields,
): Promise<Activity> {
  const { result } = await changeLedger(deps, userId, portfolioId, async (portfolio, rows, now) => {
    await checkActivities(deps, [fields]);
    if (rows.length >= MAX_ACTIVITIES_PER_PORTFOLIO) throw badInput(L.tooManyActivities);
    const [decided] = await withCurrencies(deps, portfolio.baseCurrency, [fields]);
    const row = newActivityRow(portfolioId, decided, now);
    return { rows: [...rows, row], result: activityOf(row), write: (tx) => insertActivities(tx, [row]) };
  });
  return result;
}

export async function updateActivity(
  deps: LedgerWriteDeps,
  userId: string,
  portfolioId: string,
  activityId: string,
  fields: ActivityFields,
): Promise<Activity> {
  const { result } = await changeLedger(deps, userId, portfolioId, async (portfolio, rows, now) => {
    const old = rows.find((r) => r.id === activityId);
    if (!old) throw activityNotFound();
    await checkActivities(deps, [fields]);
    // An edit that does not name a rate keeps none: the broker's rate belonged to the row as the file gave it.
    const [edit] = await withCurrencies(deps, portfolio.baseCurrency, [fields]);
    // The edited activity keeps its place among those of its day (its creation time); it goes last here, and the
    // ledger order puts it back where it belongs (inLedgerOrder).
    const row: ActivityRow = { ...old, ...edit, updatedAt: now };
    return {
      rows: [...rows.filter((r) => r.id !== activityId), row],
      result: activityOf(row),
      write: async (tx) => {
        if (!(await updateActivityRow(tx, portfolioId, activityId, { ...edit, updatedAt: now })))
          throw activityNotFound();
      },
    };
  });
  return result;
}

export async function deleteActivity(
  deps: LedgerWriteDeps,
  userId: string,
  portfolioId: string,
  activityId: string,
): Promise<{ id: string }> {
  const { result } = await changeLedger(deps, userId, portfolioId, (_portfolio, rows) => {
    if (!rows.some((r) => r.id === activityId)) throw activityNotFound();
    return {
      rows: rows.filter((r) => r.id !== activityId),
      result: { id: activityId },
      write: async (tx) => {
        if (!(await deleteActivityRow(tx, portfolioId, activityId))) throw activityNotFound();
      },
    };
  });
  return result;
}
