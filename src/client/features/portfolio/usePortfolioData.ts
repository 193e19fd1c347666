import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PRICE_REFRESH_MS } from '../../../shared/portfolio/limits';
import type { ValueHistoryRange } from '../../../shared/portfolio/schemas';
import { useTRPC } from '../../lib/trpc';

/** The portfolio screen's queries. Holding prices refresh every 30 s while there are holdings (product.md §9). */

export function usePortfolioList() {
  const trpc = useTRPC();
  return useQuery(trpc.portfolios.list.queryOptions());
}

export function usePortfolioDetail(id: string) {
  const trpc = useTRPC();
  return useQuery(
    trpc.portfolios.get.queryOptions(
      { id },
      {
        refetchInterval: (query) =>
          query.state.data && query.state.data.holdings.length > 0 ? PRICE_REFRESH_MS : false,
        // Keep showing the last good valuation while a refresh fails; the error is shown beside it.
        staleTime: 0,
      },
    ),
  );
}

export function usePortfolioAnalysis(id: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.portfolios.analysis.queryOptions({ id }, { enabled }));
}

export function useValueHistory(id: string, range: ValueHistoryRange, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.portfolios.valueHistory.queryOptions({ id, range }, { enabled }));
}

/**
 * After any change to a portfolio or its holdings: everything derived from it is refetched (the detail itself
 * too, unless the caller has just fetched it). Holdings are views over the ledger, so a holding's change is a
 * ledger change: the activities and the performance answers are refetched too.
 */
export function useRefreshPortfolio() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (id?: string, { detail = true }: { detail?: boolean } = {}) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.portfolios.list.queryKey() }),
      id && detail && queryClient.invalidateQueries({ queryKey: trpc.portfolios.get.queryKey({ id }) }),
      id && queryClient.invalidateQueries({ queryKey: trpc.portfolios.analysis.queryKey({ id }) }),
      id && queryClient.invalidateQueries({ queryKey: trpc.portfolios.valueHistory.pathKey() }),
      id && queryClient.invalidateQueries({ queryKey: trpc.portfolios.activities.queryKey({ id }) }),
      id && queryClient.invalidateQueries({ queryKey: trpc.portfolios.performance.pathKey() }),
    ]);
}
