import type { AppDeps } from '../../depsTypes';

/**
 * What the ledger feature uses of the composition root, and nothing more (decision 029): services name one of these
 * rather than the whole AppDeps, so a reader sees what a call can touch and a test knows what to build.
 */

/** Reading a ledger and valuing it: the database, the market (rates, closes), the clock, the ledger cache and engine. */
export type LedgerDeps = Pick<AppDeps, 'db' | 'market' | 'now' | 'ledgers' | 'ledgerEngine'>;

/** Changing a ledger also spends the user's ledger writes (LEDGER_WRITES). */
export type LedgerWriteDeps = LedgerDeps & Pick<AppDeps, 'ledgerWriteBudget'>;

/** Performance also keeps its answers and price series (performanceCache.ts). */
export type PerformanceDeps = LedgerDeps & Pick<AppDeps, 'performance'>;
