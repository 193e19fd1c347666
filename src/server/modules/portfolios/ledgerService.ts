import { generateIdFromEntropySize } from 'lucia';
import {
  LEDGER_MESSAGES as L,
  isFutureDate,
  MAX_ACTIVITIES_PER_PORTFOLIO,
  type ActivityFields,
} from '../../../shared/portfolio/ledger/schemas';
import type { Activity, CostMethod } from '../../../shared/portfolio/ledger/types';
import type { AppDeps } from '../../depsTypes';
import type { Db } from '../../db/client';
import { withMarketErrors } from '../stocks/errors';
import { appError } from '../../errors/appError';
import { badInput, portfolioNotFound } from './errors';
import { commitLedger } from './ledgerProjection';
import { activityOf, deleteActivityRow, insertActivities, updateActivityRow, type ActivityRow } from './ledgerQueries';
import { requireOwnedPortfolio } from './portfolioService';
import { findOwnedPortfolio, inWriteTransaction, portfolioKeys, type PortfolioRow } from './queries';

/**
 * The ledger of one owner's portfolio (issue 21): list, add, edit, delete. Every write checks the date against the
 * server's clock and the symbols against the market first, then replays the whole ledger as it would be inside one
 * write transaction (commitLedger): if it no longer adds up, the user reads why and nothing is written.
 */

export const activityNotFound = () => appError('NOT_FOUND', L.activityNotFound);

export async function listActivities(deps: AppDeps, userId: string, portfolioId: string): Promise<Activity[]> {
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  return (await deps.ledgers.rows(deps.db, portfolio)).map(activityOf);
}

/** The first symbol the market does not know among those asked, with one batched quotes call; null when all known. */
export async function firstUnknownSymbol(deps: AppDeps, symbols: readonly string[]): Promise<string | null> {
  const wanted = [...new Set(symbols)];
  if (wanted.length === 0) return null;
  const quotes = await withMarketErrors(() => deps.market.quotes(wanted));
  return wanted.find((s) => !quotes[s]) ?? null;
}

/** Checks what only the server knows about new or edited activities: the date against today, the symbol exists. */
export async function checkActivities(deps: AppDeps, activities: readonly ActivityFields[]): Promise<void> {
  const now = deps.now();
  if (activities.some((a) => isFutureDate(a.date, now))) throw badInput(L.dateInFuture);
  const unknown = await firstUnknownSymbol(
    deps,
    activities.flatMap((a) => (a.symbol ? [a.symbol] : [])),
  );
  if (unknown) throw badInput(L.unknownSymbol(unknown));
}

export function newActivityRow(portfolioId: string, fields: ActivityFields, now: number): ActivityRow {
  return { id: generateIdFromEntropySize(10), portfolioId, ...fields, createdAt: now, updatedAt: now };
}

/** Runs `change` on the owner's ledger inside the portfolio's write transaction; `change` returns the new ledger. */
export async function changeLedger<T>(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  change: (
    tx: Db,
    portfolio: PortfolioRow,
    rows: readonly ActivityRow[],
    now: number,
  ) => Promise<{ rows: ActivityRow[]; result: T; method?: CostMethod }>,
): Promise<T> {
  const now = deps.now();
  const done = await inWriteTransaction(deps.db, [portfolioKeys.portfolio(portfolioId)], async (tx) => {
    const portfolio = await findOwnedPortfolio(tx, userId, portfolioId);
    if (!portfolio) throw portfolioNotFound();
    const changed = await change(tx, portfolio, await deps.ledgers.rows(tx, portfolio), now);
    const method = changed.method ?? (portfolio.costMethod as CostMethod);
    // An append (the usual write) replays only the new activities, from the end state cached for this version.
    const from = deps.ledgers.endOf(portfolio, method);
    const { version, replay, end } = await commitLedger(tx, portfolio, changed.rows, now, method, from);
    return { ...changed, version, replayed: { method, end, replay } };
  });
  // Only now that the transaction committed: the next read (or write) starts from these rows.
  deps.ledgers.remember(portfolioId, done.version, done.rows, done.replayed);
  return done.result;
}

export async function addActivity(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  fields: ActivityFields,
): Promise<Activity> {
  await requireOwnedPortfolio(deps, userId, portfolioId);
  await checkActivities(deps, [fields]);
  return changeLedger(deps, userId, portfolioId, async (tx, _portfolio, rows, now) => {
    if (rows.length >= MAX_ACTIVITIES_PER_PORTFOLIO) throw badInput(L.tooManyActivities);
    const row = newActivityRow(portfolioId, fields, now);
    await insertActivities(tx, [row]);
    return { rows: [...rows, row], result: activityOf(row) };
  });
}

export async function updateActivity(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  activityId: string,
  fields: ActivityFields,
): Promise<Activity> {
  await requireOwnedPortfolio(deps, userId, portfolioId);
  await checkActivities(deps, [fields]);
  return changeLedger(deps, userId, portfolioId, async (tx, _portfolio, rows, now) => {
    const old = rows.find((r) => r.id === activityId);
    if (!old) throw activityNotFound();
    // The edited activity keeps its place among those of its day (its creation time).
    const row: ActivityRow = { ...old, ...fields, updatedAt: now };
    await updateActivityRow(tx, portfolioId, activityId, { ...fields, updatedAt: now });
    return { rows: rows.map((r) => (r.id === activityId ? row : r)), result: activityOf(row) };
  });
}

export async function deleteActivity(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  activityId: string,
): Promise<{ id: string }> {
  return changeLedger(deps, userId, portfolioId, async (tx, _portfolio, rows) => {
    if (!(await deleteActivityRow(tx, portfolioId, activityId))) throw activityNotFound();
    return { rows: rows.filter((r) => r.id !== activityId), result: { id: activityId } };
  });
}
