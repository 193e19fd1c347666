import type { CostMethod } from '../../../shared/portfolio/ledger/types';
import type { Db } from '../../db/client';
import type { LedgerReplay } from './ledger/replay';
import { inLedgerOrder, replayToEnd, type LedgerEnd } from './ledgerProjection';
import { activitiesOf, type ActivityRow } from './ledgerQueries';
import type { PortfolioRow } from './queries';

const MAX_CACHED_LEDGERS = 200;

interface CachedLedger {
  version: number;
  rows: readonly ActivityRow[];
  /** The replay's state at the end of these rows, by cost method, and its answer once asked for. */
  ends: Map<CostMethod, { end: LedgerEnd; replay?: LedgerReplay }>;
}

/**
 * The last ledger read or written per portfolio, in ledger order, keyed by the ledger's version
 * (portfolios.updated_at). Every ledger write moves the version forward by at least 1 ms inside its transaction
 * (commitLedger), and so do the other portfolio writes, so the version is never reused: a portfolio row read from
 * the database (on this instance or any other) whose updated_at matches the cached version has exactly these
 * activities. A write remembers its rows only after its transaction committed. The rows and end states are shared:
 * never mutate them (the services build new arrays and objects; a write goes on from a copy of the end state).
 *
 * One per server (AppDeps.ledgers, built in createDeps), so test servers in one process never share ledgers.
 */
export class LedgerCache {
  private readonly ledgers = new Map<string, CachedLedger>();

  /** The portfolio's activities in ledger order, from the cache when its version matches `portfolio.updatedAt`. */
  async rows(db: Db, portfolio: PortfolioRow): Promise<readonly ActivityRow[]> {
    return (await this.entry(db, portfolio)).rows;
  }

  /** The replay of the portfolio's ledger under its cost method, computed once per ledger version. */
  async replay(db: Db, portfolio: PortfolioRow): Promise<LedgerReplay> {
    const entry = await this.entry(db, portfolio);
    const method = portfolio.costMethod as CostMethod;
    let known = entry.ends.get(method);
    if (!known) entry.ends.set(method, (known = { end: replayToEnd(entry.rows, method) }));
    return (known.replay ??= known.end.replayer.result());
  }

  /**
   * What a write may go on from: the ledger at this version and the replay's end state under `method`, when both
   * are known here (a write that only appends then replays its new activities alone).
   */
  endOf(portfolio: PortfolioRow, method: CostMethod): { rows: readonly ActivityRow[]; end: LedgerEnd } | undefined {
    const cached = this.ledgers.get(portfolio.id);
    const known = cached?.version === portfolio.updatedAt ? cached.ends.get(method) : undefined;
    return cached && known ? { rows: cached.rows, end: known.end } : undefined;
  }

  /** Called after a write committed (or a read), with the rows in any order and, from a write, its end state. */
  remember(
    portfolioId: string,
    version: number,
    rows: readonly ActivityRow[],
    replayed?: { method: CostMethod; end: LedgerEnd; replay: LedgerReplay },
  ): CachedLedger {
    const entry: CachedLedger = { version, rows: inLedgerOrder(rows), ends: new Map() };
    if (replayed) entry.ends.set(replayed.method, { end: replayed.end, replay: replayed.replay });
    this.ledgers.delete(portfolioId);
    this.ledgers.set(portfolioId, entry);
    if (this.ledgers.size > MAX_CACHED_LEDGERS) this.ledgers.delete(this.ledgers.keys().next().value as string);
    return entry;
  }

  clear(): void {
    this.ledgers.clear();
  }

  private async entry(db: Db, portfolio: PortfolioRow): Promise<CachedLedger> {
    const cached = this.ledgers.get(portfolio.id);
    if (cached?.version === portfolio.updatedAt) return cached;
    return this.remember(portfolio.id, portfolio.updatedAt, await activitiesOf(db, portfolio.id));
  }
}

/** The next version of a portfolio row: now, or 1 ms after the last one when the clock has not moved past it. */
export const nextVersion = (row: Pick<PortfolioRow, 'updatedAt'>, now: number) => Math.max(now, row.updatedAt + 1);
