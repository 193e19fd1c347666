import { TRPCError } from '@trpc/server';
import type { ReadPositionsResult } from '../../../../shared/portfolio/brokers/readPositions';
import type { DateOrder, ReadActivities } from '../../../../shared/portfolio/brokers/types';
import type { CostMethod, PerformanceAnswer, PerformanceRange } from '../../../../shared/portfolio/ledger/types';
import { badInput } from '../../portfolios/errors';
import type { LedgerVersion } from '../ledgerCache';
import { extendsRows } from '../ledgerProjection';
import type { ActivityRow } from '../ledgerQueries';
import type { LedgerEnginePool } from './pool';
import type {
  CandidateCheck,
  EngineAnswer,
  EngineRequest,
  EngineResults,
  LedgerProjection,
  LedgerRef,
} from './protocol';
import { encodeActivities, encodeInSlices, joinEncoded, type PriceSeries } from './wire';

/**
 * What the services ask of the ledger engine (its threads: pool.ts), in terms of the server's ledger versions
 * (ledgerCache.ts). A request names the ledger by its tag alone once the engine has been given it, and sends the
 * activities (encoded once per version, a slice per turn of the event loop) only when the engine answers that it
 * does not have them. A LedgerError comes back as the 400 the investor reads.
 */
export class LedgerEngine {
  constructor(private readonly pool: LedgerEnginePool) {}

  close(): Promise<void> {
    return this.pool.close();
  }

  /** The replay of a ledger version under `method` (realised gains, lots, open positions), once per version. */
  async projection(ledger: LedgerVersion, method: CostMethod): Promise<LedgerProjection> {
    const known = ledger.projections.get(method);
    if (known) return known;
    const projection = await this.ask<'replay'>(ledger, (ref) => ({
      op: 'replay',
      portfolioId: ledger.portfolioId,
      ledger: ref,
      method,
    }));
    ledger.projections.set(method, projection);
    return projection;
  }

  /**
   * The replay of the ledger a write would leave (`rows`, in ledger order, tagged `tag`), checked before anything is
   * written, with the new ledger's encoding for the cache. When it only appends to `base` (the usual write:
   * something happened today), the engine goes on from base's end state with the new activities alone.
   */
  async project(
    base: LedgerVersion,
    next: { tag: string; rows: readonly ActivityRow[] },
    method: CostMethod,
  ): Promise<{ projection: LedgerProjection; encoded?: string }> {
    const request = (ledger: LedgerRef): EngineRequest => ({
      op: 'replay',
      portfolioId: base.portfolioId,
      ledger,
      method,
    });
    const tail = extendsRows(base.rows, next.rows) ? encodeActivities(next.rows.slice(base.rows.length)) : undefined;
    let encoded = tail !== undefined && base.encoded !== undefined ? joinEncoded(base.encoded, tail) : undefined;
    const whole = async (): Promise<LedgerRef> => ({
      tag: next.tag,
      full: (encoded ??= await encodeInSlices(next.rows)),
    });
    const first =
      tail !== undefined && base.shipped ? { tag: next.tag, base: base.tag, appended: tail } : await whole();
    let answer = await this.pool.run<LedgerProjection>(base.portfolioId, request(first));
    if ('missing' in answer) answer = await this.pool.run<LedgerProjection>(base.portfolioId, request(await whole()));
    return { projection: unwrap(answer), encoded };
  }

  async performance(
    ledger: LedgerVersion,
    args: { method: CostMethod; range: PerformanceRange; today: string; benchmark: string; prices: PriceSeries[] },
  ): Promise<PerformanceAnswer> {
    return this.ask<'performance'>(ledger, (ref) => ({
      op: 'performance',
      portfolioId: ledger.portfolioId,
      ledger: ref,
      ...args,
    }));
  }

  /**
   * One replay of the ledger with `candidates` (in ledger order) placed among its activities at `positions`: which
   * of them it refuses and why, or the existing activity they would break.
   */
  async check(
    ledger: LedgerVersion,
    candidates: readonly ActivityRow[],
    positions: number[],
    method: CostMethod,
  ): Promise<CandidateCheck> {
    const encoded = encodeActivities(candidates);
    try {
      return await this.ask<'check'>(ledger, (ref) => ({
        op: 'check',
        portfolioId: ledger.portfolioId,
        ledger: ref,
        method,
        candidates: encoded,
        positions,
      }));
    } catch (error) {
      // The ledger itself cannot be replayed (an activity stored before today's rules): the file cannot be checked.
      if (error instanceof TRPCError && error.code === 'BAD_REQUEST') return { refused: [], broken: error.message };
      throw error;
    }
  }

  /**
   * An import's file read into rows (layout, dates, numbers, every row checked by the ledger's rules): pure work of
   * tens of milliseconds per few hundred rows, done on the portfolio's thread so the event loop only copies the answer.
   */
  async readActivities(portfolioId: string, csv: string, dateOrder: DateOrder | null): Promise<ReadActivities> {
    return unwrap(
      await this.pool.run<ReadActivities>(portfolioId, { op: 'readActivities', portfolioId, csv, dateOrder }),
    );
  }

  async readPositions(portfolioId: string, csv: string, dateOrder: DateOrder | null): Promise<ReadPositionsResult> {
    return unwrap(
      await this.pool.run<ReadPositionsResult>(portfolioId, { op: 'readPositions', portfolioId, csv, dateOrder }),
    );
  }

  private async ask<K extends keyof EngineResults>(
    ledger: LedgerVersion,
    request: (ref: LedgerRef) => EngineRequest,
  ): Promise<EngineResults[K]> {
    const { portfolioId, tag } = ledger;
    const whole = async (): Promise<LedgerRef> => ({
      tag,
      full: (ledger.encoded ??= await encodeInSlices(ledger.rows)),
    });
    let answer = await this.pool.run<EngineResults[K]>(portfolioId, request(ledger.shipped ? { tag } : await whole()));
    if ('missing' in answer) answer = await this.pool.run<EngineResults[K]>(portfolioId, request(await whole()));
    ledger.shipped = true;
    return unwrap(answer);
  }
}

function unwrap<T>(answer: EngineAnswer<T>): T {
  if ('ok' in answer) return answer.ok;
  // The engine's LedgerError: the 400 the investor reads, naming the activity.
  if ('refused' in answer) throw badInput(answer.refused.message);
  throw new Error('The ledger engine lost a ledger it was just sent');
}
