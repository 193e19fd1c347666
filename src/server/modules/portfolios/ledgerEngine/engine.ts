import { TRPCError } from '@trpc/server';
import type { CostMethod, PerformanceAnswer, PerformanceRange } from '../../../../shared/portfolio/ledger/types';
import { badInput } from '../errors';
import type { LedgerVersion } from '../ledgerCache';
import { extendsRows } from '../ledgerProjection';
import type { ActivityRow } from '../ledgerQueries';
import type { LedgerEnginePool } from './pool';
import type { CandidateCheck, EngineRequest, EngineResults, LedgerProjection, LedgerRef } from './protocol';
import { encodeActivities, type PriceSeries } from './wire';

/**
 * What the services ask of the ledger engine (its threads: pool.ts), in terms of the server's ledger versions
 * (ledgerCache.ts). Each request first names the ledger by its tag alone when the engine has been given it, and sends
 * the activities only when the engine answers that it does not have them. A LedgerError comes back as the 400 the
 * investor reads.
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
    const projection = await this.ask(ledger, 'replay', (ref) => ({
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
   * written. When it only appends to `base` (the usual write: something happened today), the engine goes on from
   * base's end state with the new activities alone.
   */
  async project(
    base: LedgerVersion,
    next: { tag: string; rows: readonly ActivityRow[] },
    method: CostMethod,
  ): Promise<LedgerProjection> {
    const request = (ledger: LedgerRef): EngineRequest => ({
      op: 'replay',
      portfolioId: base.portfolioId,
      ledger,
      method,
    });
    const full = () => ({ tag: next.tag, full: encodeActivities(next.rows) });
    const appends = base.shipped && extendsRows(base.rows, next.rows);
    const first = appends
      ? { tag: next.tag, base: base.tag, appended: encodeActivities(next.rows.slice(base.rows.length)) }
      : full();
    let answer = await this.pool.run<LedgerProjection>(base.portfolioId, request(first));
    if ('missing' in answer) answer = await this.pool.run<LedgerProjection>(base.portfolioId, request(full()));
    return this.unwrap(answer);
  }

  async performance(
    ledger: LedgerVersion,
    args: { method: CostMethod; range: PerformanceRange; today: string; benchmark: string; prices: PriceSeries[] },
  ): Promise<PerformanceAnswer> {
    return this.ask(ledger, 'performance', (ref) => ({
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
      return await this.ask(ledger, 'check', (ref) => ({
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

  private async ask<K extends keyof EngineResults>(
    ledger: LedgerVersion,
    _op: K,
    request: (ref: LedgerRef) => EngineRequest,
  ): Promise<EngineResults[K]> {
    const { portfolioId, tag } = ledger;
    let answer = await this.pool.run<EngineResults[K]>(
      portfolioId,
      request(ledger.shipped ? { tag } : { tag, full: encodeActivities(ledger.rows) }),
    );
    if ('missing' in answer)
      answer = await this.pool.run<EngineResults[K]>(
        portfolioId,
        request({ tag, full: encodeActivities(ledger.rows) }),
      );
    ledger.shipped = true;
    return this.unwrap(answer);
  }

  private unwrap<T>(answer: Awaited<ReturnType<LedgerEnginePool['run']>>): T {
    if ('ok' in answer) return answer.ok as T;
    // The engine's LedgerError: the 400 the investor reads, naming the activity.
    if ('refused' in answer) throw badInput(answer.refused.message);
    throw new Error('The ledger engine lost a ledger it was just sent');
  }
}
