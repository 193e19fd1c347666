import { LRUCache } from 'lru-cache';
import { readActivitiesFile } from '../../../../shared/portfolio/brokers/readActivities';
import { readPositionsFile } from '../../../../shared/portfolio/brokers/readPositions';
import type { Activity, CostMethod } from '../../../../shared/portfolio/ledger/types';
import { dayText } from '../arithmetic/dates';
import { LedgerError } from '../arithmetic/errors';
import { parseActivity, type ParsedActivity } from '../arithmetic/parse';
import { computePerformance, PerformanceMemo, type Closes } from '../arithmetic/performance';
import { LedgerReplayer } from '../arithmetic/replay';
import { applyAll, copyOfEnd, freshEnd, projectionOf, type LedgerEnd } from './ledgerEnd';
import type { CandidateCheck, EngineAnswer, EngineRequest, LedgerRef, LedgerRequest } from './protocol';
import { decodeActivities, decodeRecord, splitRecords, type PriceSeries } from './wire';

/**
 * What the ledger engine's thread keeps between requests, each cache bounded by an estimate of its bytes (the
 * thread's heap is capped too, see pool.ts): recent ledgers by tag, with their parsed activities and replayed end
 * states; per portfolio, the performance memo (the daily walk's checkpoint) and the closes maps it was computed
 * on; closes maps by price serial. Everything here can be rebuilt from a request: an evicted ledger is answered
 * `missing` and sent again, an evicted memo means a full walk.
 */

/** Rough heap bytes per activity held: the decoded activity and its parsed form (decimals), per replayed end. */
const ACTIVITY_BYTES = 900;
const END_BYTES_PER_ACTIVITY = 250;
/** The performance memo: its own parsed activities, plus the checkpoint's walk (about 2,000 points, months, lots). */
const MEMO_BYTES_PER_ACTIVITY = 1_000;
const MEMO_BASE_BYTES = 400_000;
const CLOSE_BYTES = 90;

export const ENGINE_CACHE_BYTES = { ledgers: 96 << 20, memos: 96 << 20, closes: 24 << 20, parsed: 32 << 20 };
/** A parsed activity kept by its record: the record's text and the parsed decimals. */
const PARSED_BYTES = 500;

interface LedgerState {
  /** The encoded activities, one record each (wire.ts), and the activities they are. */
  records: string[];
  activities: Activity[];
  parsed?: ParsedActivity[];
  ends: Map<CostMethod, LedgerEnd>;
}

interface PortfolioMemo {
  closesKey: string;
  closes: Closes;
  memo: PerformanceMemo;
  /** The activities of the ledger it last walked, which its size grows with (0 until it has walked one). */
  activityCount: number;
}

const memoBytes = (memo: PortfolioMemo) => MEMO_BASE_BYTES + memo.activityCount * MEMO_BYTES_PER_ACTIVITY;

const ledgerBytes = (state: LedgerState) =>
  state.activities.length * (ACTIVITY_BYTES + state.ends.size * END_BYTES_PER_ACTIVITY) + 1_000;

export class EngineState {
  private readonly ledgers = new LRUCache<string, LedgerState>({
    maxSize: ENGINE_CACHE_BYTES.ledgers,
    sizeCalculation: ledgerBytes,
  });
  private readonly memos = new LRUCache<string, PortfolioMemo>({
    maxSize: ENGINE_CACHE_BYTES.memos,
    sizeCalculation: memoBytes,
  });
  /**
   * Parsed activities by their record, whatever ledger they came in: a new version of a ledger (an edit of its
   * oldest activity) parses only what changed, not 20,000 activities again.
   */
  private readonly parsedRecords = new LRUCache<string, ParsedActivity>({
    maxSize: ENGINE_CACHE_BYTES.parsed,
    sizeCalculation: (_parsed, record) => PARSED_BYTES + 2 * record.length,
  });
  private readonly closes = new LRUCache<number, ReadonlyMap<string, number>>({
    maxSize: ENGINE_CACHE_BYTES.closes,
    sizeCalculation: (closes) => closes.size * CLOSE_BYTES + 200,
  });

  handle(request: EngineRequest): EngineAnswer<unknown> {
    // A file read keeps nothing here: 1,000 activities took 20-100 ms (more while cold), the loop's longest block of
    // a preview; 500 positions 40-100 ms (issue 26).
    if (request.op === 'readActivities')
      return { ok: readActivitiesFile(request.csv, { dateOrder: request.dateOrder }) };
    if (request.op === 'readPositions') return { ok: readPositionsFile(request.csv, { dateOrder: request.dateOrder }) };
    return this.handleLedger(request);
  }

  private handleLedger(request: LedgerRequest): EngineAnswer<unknown> {
    try {
      const state = this.ledger(request.ledger);
      if (!state) return { missing: true };
      switch (request.op) {
        case 'replay':
          return { ok: projectionOf(this.end(request.ledger.tag, state, request.method)) };
        case 'performance': {
          const memo = this.memoFor(request.portfolioId, request.prices);
          const answer = computePerformance(
            { ...request, activities: state.activities, closes: memo.closes },
            memo.memo,
          );
          // A new object: lru-cache counts a value's size when it is set, not again for the same value.
          this.memos.delete(request.portfolioId);
          this.memos.set(request.portfolioId, { ...memo, activityCount: state.activities.length });
          return { ok: answer };
        }
        case 'check':
          return { ok: this.check(state, request) };
      }
    } catch (error) {
      if (error instanceof LedgerError) return { refused: { message: error.message, activityId: error.activityId } };
      throw error;
    }
  }

  /** The ledger a request names: kept, sent whole, or a kept one with activities appended. Null: send it. */
  private ledger(ref: LedgerRef): LedgerState | null {
    const known = this.ledgers.get(ref.tag);
    if (known) return known;
    if (ref.full !== undefined) {
      const records = splitRecords(ref.full);
      return this.keep(ref.tag, { records, activities: records.map(decodeRecord), ends: new Map() });
    }
    const base = ref.base === undefined ? undefined : this.ledgers.get(ref.base);
    if (!base || ref.appended === undefined) return null;
    const records = splitRecords(ref.appended);
    const parsedAppended = records.map((record) => this.parse(record));
    const state: LedgerState = {
      records: base.records.concat(records),
      activities: base.activities.concat(parsedAppended.map((parsed) => parsed.source)),
      parsed: base.parsed?.concat(parsedAppended),
      ends: new Map(),
    };
    // The base replayed without error to its end states: going on from copies of them with the appended activities
    // alone answers exactly what a full replay would (tests/unit/ledger.resume.test.ts). An error is the new
    // activities' own, and the new ledger is not kept.
    for (const [method, end] of base.ends) {
      const next = copyOfEnd(end);
      applyAll(next, parsedAppended);
      state.ends.set(method, next);
    }
    return this.keep(ref.tag, state);
  }

  /** Keeps (or counts again, once it grew) a ledger: lru-cache sizes a value when it is set, so it is set anew. */
  private keep(tag: string, state: LedgerState): LedgerState {
    this.ledgers.delete(tag);
    this.ledgers.set(tag, state);
    return state;
  }

  private parsedOf(state: LedgerState): ParsedActivity[] {
    return (state.parsed ??= state.records.map((record) => this.parse(record)));
  }

  /** One record parsed, once while it is kept (a refused one is not kept: it is refused again next time). */
  private parse(record: string): ParsedActivity {
    let parsed = this.parsedRecords.get(record);
    if (!parsed) this.parsedRecords.set(record, (parsed = parseActivity(decodeRecord(record))));
    return parsed;
  }

  /** The ledger's end state under `method`, replayed once per ledger and method. */
  private end(tag: string, state: LedgerState, method: CostMethod): LedgerEnd {
    let end = state.ends.get(method);
    if (!end) {
      end = freshEnd(method);
      applyAll(end, this.parsedOf(state));
      state.ends.set(method, end);
      this.keep(tag, state); // its size grew
    }
    return end;
  }

  /**
   * One replay of the ledger with the candidates placed among its activities: a candidate the ledger refuses is
   * named and left out, and the replay goes on from the state before it (a refused activity changes nothing), so
   * every refused row is found in one pass, each with the sentence the full replay would give. When every candidate
   * comes after the ledger's last activity, the pass starts from a copy of the ledger's end state.
   */
  private check(state: LedgerState, request: Extract<LedgerRequest, { op: 'check' }>): CandidateCheck {
    const candidates = decodeActivities(request.candidates);
    const { positions } = request;
    const count = state.activities.length;
    const known = positions.every((p) => p === count) ? state.ends.get(request.method) : undefined;
    const replayer = known ? known.replayer.clone() : new LedgerReplayer(request.method);
    const parsed = known ? [] : this.parsedOf(state);
    const refused: CandidateCheck['refused'] = [];
    let next = 0;
    for (let i = known ? count : 0; i <= count; i++) {
      for (; next < candidates.length && positions[next] === i; next++) {
        try {
          replayer.apply(parseActivity(candidates[next]));
        } catch (error) {
          if (!(error instanceof LedgerError)) throw error;
          refused.push({ index: next, message: error.message });
        }
      }
      if (i === count) break;
      try {
        replayer.apply(parsed[i]);
      } catch (error) {
        if (!(error instanceof LedgerError)) throw error;
        return { refused, broken: error.message };
      }
    }
    return { refused };
  }

  /** The closes maps for these price series, the same objects while the series are the same (the memo needs it). */
  private memoFor(portfolioId: string, prices: readonly PriceSeries[]): PortfolioMemo {
    const closesKey = prices.map((p) => `${p.symbol}:${p.serial}`).join('|');
    const known = this.memos.get(portfolioId);
    if (known?.closesKey === closesKey) return known;
    const closes = new Map(prices.map((p): [string, ReadonlyMap<string, number>] => [p.symbol, this.closesOf(p)]));
    return { closesKey, closes, memo: known?.memo ?? new PerformanceMemo(), activityCount: 0 };
  }

  private closesOf(series: PriceSeries): ReadonlyMap<string, number> {
    let closes = this.closes.get(series.serial);
    if (!closes) {
      const map = new Map<string, number>();
      for (let i = 0; i < series.days.length; i++) map.set(dayText(series.days[i]), series.closes[i]);
      this.closes.set(series.serial, (closes = map));
    }
    return closes;
  }
}
