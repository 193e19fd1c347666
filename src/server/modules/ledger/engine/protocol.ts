import type { ReadPositionsResult } from '../../../../shared/portfolio/brokers/readPositions';
import type { DateOrder, ReadActivities } from '../../../../shared/portfolio/brokers/types';
import type { CostMethod, PerformanceAnswer, PerformanceRange } from '../../../../shared/portfolio/ledger/types';
import type { LedgerHolding } from '../arithmetic/replay';
import type { PriceSeries } from './wire';

/**
 * The requests the ledger engine's thread answers, and its answers: plain data only (strings, numbers, typed
 * arrays), never a database handle, so the engine knows nothing but activities and prices.
 *
 * A ledger is named by a tag the server gives each version it has read or written. The engine keeps recent ledgers
 * by tag (and their replayed end states), so most requests send the tag alone; when the engine no longer has it
 * (evicted, or a fresh thread) it answers `missing` and the server sends the activities again. Reading an
 * activities file (`read`) names no ledger: it is the import's first step, pure and as costly as the check after it.
 */
export interface LedgerRef {
  tag: string;
  /** Every activity, in ledger order (wire.ts encoding). */
  full?: string;
  /** A ledger that only extends the one tagged `base`: these activities come after all of base's. */
  base?: string;
  appended?: string;
}

export type EngineRequest =
  | { op: 'replay'; portfolioId: string; ledger: LedgerRef; method: CostMethod }
  | {
      op: 'performance';
      portfolioId: string;
      ledger: LedgerRef;
      method: CostMethod;
      range: PerformanceRange;
      today: string;
      benchmark: string;
      /** The closes of every symbol of the ledger and of the benchmark. */
      prices: PriceSeries[];
    }
  | {
      op: 'check';
      portfolioId: string;
      ledger: LedgerRef;
      method: CostMethod;
      /** Activities a file would add (wire.ts encoding)… */
      candidates: string;
      /** …each placed before the ledger's activity at this index (the ledger's length: after the last one). */
      positions: number[];
    }
  | FileRead<'readActivities'>
  | FileRead<'readPositions'>;

/** A file read into rows for the portfolio's import (shared/portfolio/brokers: readActivities, readPositions). */
interface FileRead<Op extends string> {
  op: Op;
  portfolioId: string;
  csv: string;
  dateOrder: DateOrder | null;
}

/** The requests about one of the portfolio's ledgers (all but the reading of a file). */
export type LedgerRequest = Exclude<EngineRequest, { op: 'readActivities' | 'readPositions' }>;

/** An open position as the holdings table keeps it: quantity and exact average price as decimal text. */
export interface OpenHolding {
  symbol: string;
  quantity: string;
  averagePrice: string;
}

/** The replay of a ledger: every symbol ever held (realised gains, FIFO lots) and the open positions. */
export interface LedgerProjection {
  holdings: LedgerHolding[];
  open: OpenHolding[];
  /** The cash at the end of the ledger (issue 27 §4: the total value is holdings plus cash). */
  cash: string;
}

/** The file's activities the ledger refuses (by index among the candidates, with why), in one replay. */
export interface CandidateCheck {
  refused: Array<{ index: number; message: string }>;
  /** An activity already in the ledger that the file's activities would break: the file as a whole fails. */
  broken?: string;
}

export interface EngineResults {
  replay: LedgerProjection;
  performance: PerformanceAnswer;
  check: CandidateCheck;
  readActivities: ReadActivities;
  readPositions: ReadPositionsResult;
}

export type EngineAnswer<T> =
  | { ok: T }
  /** The ledger does not add up (a LedgerError): the sentence for the investor and the activity it names. */
  | { refused: { message: string; activityId: string } }
  /** The engine has no ledger under that tag (or its base): send the activities. */
  | { missing: true };
