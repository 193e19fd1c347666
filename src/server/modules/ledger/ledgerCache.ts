import { LRUCache } from 'lru-cache';
import { groupBy } from '../../../shared/groupBy';
import type { CostMethod } from '../../../shared/portfolio/ledger/types';
import type { Db } from '../../db/client';
import type { LedgerProjection } from './engine/protocol';
import { inLedgerOrder } from './ledgerProjection';
import { activitiesOf, type ActivityRow } from './ledgerQueries';
import { holdingsOfMany, type HoldingRow, type PortfolioRow } from '../portfolios/queries';

/** What the cache may hold in all, by the estimate below (issue 26: 40 large ledgers kept 2.7 GB of heap). */
export const LEDGER_CACHE_BYTES = 64 << 20;
/** Rough heap bytes of one stored row (13 fields, short strings) besides its note; of one open lot in an answer. */
const ROW_BYTES = 450;
const LOT_BYTES = 250;
/** Rough heap bytes of one stored holding row (seven fields). */
const HOLDING_BYTES = 400;

/** One version of a portfolio's ledger as this server knows it. Shared: never mutate `rows`. */
export interface LedgerVersion {
  portfolioId: string;
  /** portfolios.updated_at when these rows were read or written. */
  version: number;
  /** The ledger engine's name for these rows (engine/protocol.ts), unique in this process. */
  tag: string;
  /** In ledger order. */
  rows: readonly ActivityRow[];
  /** True once the engine has been given these rows: from then on the tag alone names them. */
  shipped: boolean;
  /** The rows as the engine reads them (engine/wire.ts), once encoded. */
  encoded?: string;
  /** The engine's replay under each cost method asked for. */
  projections: Map<CostMethod, LedgerProjection>;
  /** The `holdings` rows at this version, once a read has asked for them (holdings). */
  holdings?: readonly HoldingRow[];
}

function versionBytes(ledger: LedgerVersion): number {
  let bytes =
    1_000 +
    ledger.rows.length * ROW_BYTES +
    (ledger.encoded?.length ?? 0) +
    (ledger.holdings?.length ?? 0) * HOLDING_BYTES;
  for (const row of ledger.rows) if (row.note) bytes += 2 * row.note.length;
  for (const projection of ledger.projections.values())
    for (const holding of projection.holdings) bytes += 300 + holding.lots.length * LOT_BYTES;
  return bytes;
}

/**
 * The last ledger read or written per portfolio, keyed by the ledger's version (portfolios.updated_at), in a
 * least-recently-used cache bounded by an estimate of its bytes. Every ledger write moves the version forward by at
 * least 1 ms inside its transaction (ledgerService.changeLedger), and so do the other portfolio writes, so the
 * version is never reused: a portfolio row read from the database (on this instance or any other) whose updated_at
 * matches the cached version has exactly these activities. A write remembers its rows only after its transaction
 * committed.
 *
 * One per server (AppDeps.ledgers, built in createDeps), so test servers in one process never share ledgers.
 */
export class LedgerCache {
  private readonly ledgers = new LRUCache<string, LedgerVersion>({
    maxSize: LEDGER_CACHE_BYTES,
    sizeCalculation: versionBytes,
  });
  private tags = 0;
  /** Per portfolio, the end of the queue of writes waiting on this server (see oneAtATime). */
  private readonly writes = new Map<string, Promise<unknown>>();

  /** The portfolio's ledger at its version, from the cache or read from the database. */
  async current(db: Db, portfolio: PortfolioRow): Promise<LedgerVersion> {
    const cached = this.ledgers.get(portfolio.id);
    if (cached?.version === portfolio.updatedAt) return cached;
    // The database orders by its own collation (PostgreSQL's may differ from code point order on ties of date and
    // time): one pass puts the rows in the ledger order this server compares with.
    return this.remember(portfolio.id, portfolio.updatedAt, inLedgerOrder(await activitiesOf(db, portfolio.id)));
  }

  /** The portfolio's activities in ledger order. */
  async rows(db: Db, portfolio: PortfolioRow): Promise<readonly ActivityRow[]> {
    return (await this.current(db, portfolio)).rows;
  }

  /**
   * The portfolio's `holdings` rows, kept with its ledger while the version stands, so a read of a portfolio nobody
   * changed makes no holdings statement (issue 29 §3: a third of the detail read's database time). Exact for the
   * same reason as the ledger: the holdings are written only with the ledger (ledgerService.changeLedger, which moves
   * the version in the same transaction). Kept only on the entry of the row's own version, never creating one: a
   * read whose rows come from a write committed after its row was read could only be served to requests that read
   * the row before that commit, as the database would have served them.
   */
  async holdings(db: Db, portfolio: PortfolioRow): Promise<readonly HoldingRow[]> {
    return (await this.holdingsOfEach(db, [portfolio])).get(portfolio.id) ?? [];
  }

  /** The same for several portfolios, those not kept read in one statement. */
  async holdingsOfEach(db: Db, portfolios: readonly PortfolioRow[]): Promise<Map<string, readonly HoldingRow[]>> {
    const held = new Map<string, readonly HoldingRow[]>();
    const unread: PortfolioRow[] = [];
    for (const portfolio of portfolios) {
      const kept = this.atVersion(portfolio)?.holdings;
      if (kept) held.set(portfolio.id, kept);
      else unread.push(portfolio);
    }
    if (unread.length === 0) return held;
    const read = groupBy(
      await holdingsOfMany(
        db,
        unread.map((p) => p.id),
      ),
      (h) => h.portfolioId,
    );
    for (const portfolio of unread) {
      const rows = read.get(portfolio.id) ?? [];
      held.set(portfolio.id, rows);
      const current = this.atVersion(portfolio);
      if (current) {
        current.holdings = rows;
        this.resize(current);
      }
    }
    return held;
  }

  /** The cached ledger of the portfolio's own version, if any. */
  private atVersion(portfolio: PortfolioRow): LedgerVersion | undefined {
    const cached = this.ledgers.get(portfolio.id);
    return cached?.version === portfolio.updatedAt ? cached : undefined;
  }

  /** A new tag for the engine: a ledger this server is about to check or has read. */
  newTag(portfolioId: string, version: number): string {
    return `${portfolioId}@${version}#${++this.tags}`;
  }

  /**
   * Called after a write committed (with what the engine made of it) or a read, with the rows in ledger order
   * (inLedgerOrder), so a write does not pass over 20,000 rows a second time here.
   */
  remember(
    portfolioId: string,
    version: number,
    rows: readonly ActivityRow[],
    replayed?: { tag: string; method: CostMethod; projection: LedgerProjection; encoded?: string },
  ): LedgerVersion {
    const ledger: LedgerVersion = {
      portfolioId,
      version,
      tag: replayed?.tag ?? this.newTag(portfolioId, version),
      rows,
      shipped: replayed !== undefined,
      encoded: replayed?.encoded,
      projections: new Map(replayed ? [[replayed.method, replayed.projection]] : []),
    };
    this.ledgers.set(portfolioId, ledger);
    return ledger;
  }

  /** Sizes change as projections and encodings are added: the cache counts them again. */
  resize(ledger: LedgerVersion): void {
    // lru-cache counts a value's size when it is set, and not again for the same value: set it anew.
    if (this.ledgers.peek(ledger.portfolioId) !== ledger) return;
    this.ledgers.delete(ledger.portfolioId);
    this.ledgers.set(ledger.portfolioId, ledger);
  }

  /** The bytes counted now (for tests and metrics). */
  get bytes(): number {
    return this.ledgers.calculatedSize;
  }

  /**
   * Runs the writes of one portfolio on this server one after another. A write checks its new ledger before its
   * transaction and commits only if the version is still the one it started from; queued here, writes on one
   * server never invalidate each other (only a write on another instance can, and then the write starts again).
   */
  oneAtATime<T>(portfolioId: string, write: () => Promise<T>): Promise<T> {
    const before = this.writes.get(portfolioId) ?? Promise.resolve();
    const mine = before.then(write, write);
    const settled = mine.catch(() => undefined);
    this.writes.set(portfolioId, settled);
    void settled.then(() => {
      if (this.writes.get(portfolioId) === settled) this.writes.delete(portfolioId);
    });
    return mine;
  }

  clear(): void {
    this.ledgers.clear();
  }
}

/** The next version of a portfolio row: now, or 1 ms after the last one when the clock has not moved past it. */
export const nextVersion = (row: Pick<PortfolioRow, 'updatedAt'>, now: number) => Math.max(now, row.updatedAt + 1);
