import { useQuery } from '@tanstack/react-query';
import { useAuth } from './useAuth';
import { useTRPC } from './trpc';

/** Today's usage against the daily limits (product.md §7): only when signed in, 30 s refetch, stale 10 s, no retry. */
export function useUsageStats() {
  const trpc = useTRPC();
  const { isAuthenticated } = useAuth();
  return useQuery(
    trpc.usage.stats.queryOptions(undefined, {
      enabled: isAuthenticated,
      refetchInterval: 30_000,
      staleTime: 10_000,
      retry: false,
    }),
  );
}
