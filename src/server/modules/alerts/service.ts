import { and, count, desc, eq, lt } from 'drizzle-orm';
import { CONDITION_RULES, type AlertCondition, type AlertFrequency } from '../../../shared/alerts/conditions';
import { MAX_ACTIVE_ALERTS_PER_SYMBOL, MAX_ALERTS_PER_USER, MAX_EXPIRY_MS } from '../../../shared/alerts/limits';
import {
  ALERT_NOT_FOUND,
  frequencyProblem,
  levelProblem,
  type CreateAlertInput,
  type UpdateAlertInput,
} from '../../../shared/alerts/schemas';
import type { Alert, AlertFiringPage, AlertList } from '../../../shared/alerts/types';
import type { Quote } from '../../../shared/market/types';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import { exclusiveTransaction } from '../../db/transactions';
import type { AppDeps } from '../../depsTypes';
import { appError } from '../../errors/appError';
import { MarketUnavailableError, SymbolNotFoundError } from '../../market/errors';
import { MARKET_UNAVAILABLE } from '../stocks/errors';
import { publishAlertChanges } from './changes';
import { storeChannels, toAlert, toFiring, type AlertRow } from './rows';

/**
 * The alert procedures' reads and writes (GET/POST /api/alerts, PATCH/DELETE /api/alerts/{id},
 * GET /api/alerts/{id}/history). Every write publishes `alerts.changed`, so each instance's index follows; checks and
 * the writes they allow share one transaction per user (the limits hold under concurrent requests, on both engines).
 * Someone else's alert is the same 404 as a missing one.
 */

type Deps = Pick<AppDeps, 'db' | 'market' | 'now' | 'bus'>;

const notFound = () => appError('NOT_FOUND', ALERT_NOT_FOUND);
const badInput = (message: string) => appError('BAD_REQUEST', message);

/** The symbol's quote, or the reason it cannot be had: an unknown symbol (400) or the market being down (503). */
async function quoteOf(deps: Pick<AppDeps, 'market'>, symbol: string): Promise<Quote> {
  try {
    return await deps.market.quote(symbol);
  } catch (error) {
    if (error instanceof SymbolNotFoundError)
      throw badInput(`Unknown symbol: ${symbol}. Alerts are set on listed symbols.`);
    if (error instanceof MarketUnavailableError) throw appError('SERVICE_UNAVAILABLE', MARKET_UNAVAILABLE);
    throw error;
  }
}

function checkExpiry(expiresAt: number | null | undefined, now: number): void {
  if (expiresAt === null || expiresAt === undefined) return;
  if (expiresAt <= now) throw badInput('expiresAt must be in the future');
  if (expiresAt > now + MAX_EXPIRY_MS) throw badInput('expiresAt must be within a year from now');
}

/** A crossing of the price starts from the price when it is armed; other measures from their first evaluation. */
function baselineFor(condition: AlertCondition, quote: Quote | null): number | null {
  const rule = CONDITION_RULES[condition];
  return rule.measure === 'price' && (rule.shape === 'crossUp' || rule.shape === 'crossDown') && quote
    ? quote.regularMarketPrice
    : null;
}

async function alertCount(tx: Db, userId: string): Promise<number> {
  const { alerts } = tablesOf(tx);
  const row = await first(tx.select({ n: count() }).from(alerts).where(eq(alerts.userId, userId)));
  return Number(row?.n ?? 0);
}

async function armedOnSymbol(tx: Db, userId: string, symbol: string): Promise<number> {
  const { alerts } = tablesOf(tx);
  const row = await first(
    tx
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.userId, userId), eq(alerts.symbol, symbol), eq(alerts.status, 'armed'))),
  );
  return Number(row?.n ?? 0);
}

const tooManyOnSymbol = (symbol: string) =>
  badInput(
    `You have ${MAX_ACTIVE_ALERTS_PER_SYMBOL} active alerts on ${symbol}, the most on one symbol. Delete or pause one first.`,
  );

export async function listAlerts(deps: Pick<AppDeps, 'db'>, userId: string): Promise<AlertList> {
  const { alerts } = tablesOf(deps.db);
  const rows = await deps.db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(desc(alerts.id));
  return {
    alerts: rows.map(toAlert),
    limits: { alerts: MAX_ALERTS_PER_USER, activePerSymbol: MAX_ACTIVE_ALERTS_PER_SYMBOL },
  };
}

export async function createAlert(deps: Deps, userId: string, input: CreateAlertInput): Promise<Alert> {
  checkExpiry(input.expiresAt, deps.now());
  // Unknown symbols are refused before anything is written; the quote also gives a crossing its starting price.
  const quote = await quoteOf(deps, input.symbol);
  const row = await exclusiveTransaction(deps.db, [`alerts-user:${userId}`], async (tx) => {
    const { alerts } = tablesOf(tx);
    if ((await alertCount(tx, userId)) >= MAX_ALERTS_PER_USER) {
      throw badInput(
        `You have ${MAX_ALERTS_PER_USER} alerts, the most one account may keep. Delete some you no longer need (triggered and expired ones count too).`,
      );
    }
    if ((await armedOnSymbol(tx, userId, input.symbol)) >= MAX_ACTIVE_ALERTS_PER_SYMBOL)
      throw tooManyOnSymbol(input.symbol);
    const now = deps.now();
    const [inserted] = await tx
      .insert(alerts)
      .values({
        userId,
        symbol: input.symbol,
        condition: input.condition,
        level: input.level ?? null,
        frequency: input.frequency,
        intervalMs: input.intervalSeconds ? input.intervalSeconds * 1000 : null,
        note: input.note,
        channels: storeChannels(input.channels),
        expiresAt: input.expiresAt ?? null,
        status: 'armed',
        generation: 0,
        armedAt: now,
        baseline: baselineFor(input.condition, quote),
        nextEligibleAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted;
  });
  publishAlertChanges(deps.bus, [row.id]);
  return toAlert(row);
}

async function ownAlert(db: Db, userId: string, id: number): Promise<AlertRow> {
  const { alerts } = tablesOf(db);
  const row = await first(
    db
      .select()
      .from(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
      .limit(1),
  );
  if (!row) throw notFound();
  return row;
}

/** The alert after an edit: what was sent over what was stored. */
function merged(row: AlertRow, input: UpdateAlertInput) {
  return {
    symbol: input.symbol ?? row.symbol,
    condition: input.condition ?? (row.condition as AlertCondition),
    level: input.level !== undefined ? input.level : row.level,
    frequency: input.frequency ?? (row.frequency as AlertFrequency),
    intervalSeconds:
      input.intervalSeconds !== undefined
        ? input.intervalSeconds
        : // A frequency changed away from throttle drops the interval it no longer uses.
          input.frequency !== undefined && input.frequency !== 'throttle'
          ? null
          : row.intervalMs === null
            ? null
            : Math.round(row.intervalMs / 1000),
  };
}

export async function updateAlert(deps: Deps, userId: string, input: UpdateAlertInput): Promise<Alert> {
  const now = deps.now();
  if (input.expiresAt !== undefined) checkExpiry(input.expiresAt, now);
  const before = await ownAlert(deps.db, userId, input.id);
  const planned = merged(before, input);
  const problem =
    levelProblem(planned.condition, planned.level) ?? frequencyProblem(planned.frequency, planned.intervalSeconds);
  if (problem) throw badInput(problem);
  // The quote is fetched outside the transaction (a network call must not hold it): it checks a new symbol and gives
  // a re-armed price crossing its starting price.
  const quote =
    input.symbol !== undefined || input.active === true || definitionChanged(before, planned)
      ? await quoteOf(deps, planned.symbol)
      : null;
  const row = await exclusiveTransaction(deps.db, [`alerts-user:${userId}`, `alert:${input.id}`], async (tx) => {
    const { alerts } = tablesOf(tx);
    const current = await ownAlert(tx, userId, input.id);
    const next = merged(current, input);
    const rearm =
      definitionChanged(current, next) ||
      (input.active === true && current.status !== 'armed') ||
      (input.expiresAt !== undefined && current.status === 'expired');
    const pause = input.active === false;
    const status = pause ? 'paused' : rearm ? 'armed' : current.status;
    const expiresAt = input.expiresAt !== undefined ? input.expiresAt : current.expiresAt;
    if (status === 'armed' && expiresAt !== null && expiresAt <= now)
      throw badInput('This alert has expired: give it a new expiresAt in the future, or none, to arm it again');
    if (status === 'armed' && (current.status !== 'armed' || next.symbol !== current.symbol)) {
      if ((await armedOnSymbol(tx, userId, next.symbol)) >= MAX_ACTIVE_ALERTS_PER_SYMBOL)
        throw tooManyOnSymbol(next.symbol);
    }
    const newGeneration = rearm || (pause && current.status !== 'paused');
    const [updated] = await tx
      .update(alerts)
      .set({
        symbol: next.symbol,
        condition: next.condition,
        level: next.level ?? null,
        frequency: next.frequency,
        intervalMs: next.intervalSeconds ? next.intervalSeconds * 1000 : null,
        note: input.note ?? current.note,
        channels: input.channels !== undefined ? storeChannels(input.channels) : current.channels,
        expiresAt,
        status,
        generation: newGeneration ? current.generation + 1 : current.generation,
        ...(rearm
          ? {
              armedAt: now,
              baseline: baselineFor(next.condition, quote?.symbol === next.symbol ? quote : null),
              nextEligibleAt: null,
            }
          : {}),
        updatedAt: now,
      })
      .where(eq(alerts.id, current.id))
      .returning();
    return updated;
  });
  publishAlertChanges(deps.bus, [row.id]);
  return toAlert(row);
}

/** The condition or its level, the symbol or how often it fires changed: the alert starts again. */
function definitionChanged(row: AlertRow, next: ReturnType<typeof merged>): boolean {
  return (
    next.symbol !== row.symbol ||
    next.condition !== row.condition ||
    (next.level ?? null) !== row.level ||
    next.frequency !== row.frequency ||
    (next.intervalSeconds ? next.intervalSeconds * 1000 : null) !== row.intervalMs
  );
}

export async function deleteAlert(deps: Deps, userId: string, id: number): Promise<{ deleted: true }> {
  const removed = await exclusiveTransaction(deps.db, [`alerts-user:${userId}`, `alert:${id}`], (tx) => {
    const { alerts } = tablesOf(tx);
    return tx
      .delete(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
      .returning({ id: alerts.id });
  });
  if (removed.length === 0) throw notFound();
  publishAlertChanges(deps.bus, [id]);
  return { deleted: true };
}

/** An alert's firings, newest first, `limit` a page; `cursor` is the oldest id of the previous page. */
export async function alertHistory(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  input: { id: number; cursor?: number; limit: number },
): Promise<AlertFiringPage> {
  const { alertFirings } = tablesOf(deps.db);
  await ownAlert(deps.db, userId, input.id);
  const mine = eq(alertFirings.alertId, input.id);
  const rows = await deps.db
    .select()
    .from(alertFirings)
    .where(input.cursor === undefined ? mine : and(mine, lt(alertFirings.id, input.cursor)))
    .orderBy(desc(alertFirings.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    firings: page.map(toFiring),
    nextCursor: rows.length > input.limit ? page[page.length - 1].id : null,
  };
}
