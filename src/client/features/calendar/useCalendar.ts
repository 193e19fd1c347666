import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** While the server is still fetching some symbols' dates, it is asked again this often (it names them each time). */
export const PENDING_REFETCH_MS = 2_000;

/** The held and watched symbols' events between two days, asked again while `pendingSymbols` is not empty. */
export function useCalendar(range: { from: string; to: string }) {
  const trpc = useTRPC();
  return useQuery(
    trpc.calendar.events.queryOptions(range, {
      refetchInterval: (query) => (query.state.data?.pendingSymbols.length ? PENDING_REFETCH_MS : false),
      // The previous window stays on screen while the next loads.
      placeholderData: (previous) => previous,
    }),
  );
}
