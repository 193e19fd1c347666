import { useQuery } from '@tanstack/react-query';
import type { PerformanceRange } from '../../../../shared/portfolio/ledger/types';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPortfolio } from '../usePortfolioData';

/** The ledger's queries: the activities and the performance answer for a range and benchmark. */

export function useActivities(id: string) {
  const trpc = useTRPC();
  return useQuery(trpc.portfolios.activities.queryOptions({ id }));
}

export function usePerformance(id: string, range: PerformanceRange, benchmark: string) {
  const trpc = useTRPC();
  return useQuery(
    trpc.portfolios.performance.queryOptions(
      { id, range, benchmark },
      // A new range or benchmark keeps the last answer on screen until the next one arrives.
      { placeholderData: (previous) => previous },
    ),
  );
}

/**
 * After any ledger write: the activities, the performance answers and everything the holdings feed (valuation,
 * analysis, value history, the cards) are refetched; useRefreshPortfolio covers them all.
 */
export const useRefreshLedger = useRefreshPortfolio;
