import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import { tickedRows, type Watchlist, type WatchlistDetail, type WatchlistRow } from '../../../shared/watchlists/types';
import { useTRPC } from '../../lib/trpc';

export interface LiveWatchlist {
  detail: WatchlistDetail | null;
  /** The rows by symbol, each the newest the server sent. */
  rows: ReadonlyMap<string, WatchlistRow>;
  status: 'loading' | 'live' | 'error' | 'deleted';
  error: string | null;
  retry: () => void;
}

interface State {
  id: string | null;
  detail: WatchlistDetail | null;
  rows: Map<string, WatchlistRow>;
  deleted: boolean;
}

const EMPTY: State = { id: null, detail: null, rows: new Map(), deleted: false };

/**
 * One list, live (`watchlists.live`, decision 019): the list with its rows first and again whenever it changes (on any
 * device), then the rows of the symbols that ticked, laid over the rows held. The socket's reconnects are the shared
 * socket's (lib/sharedSocket.ts); an error stops the stream and `retry` starts it again. A changed list also replaces
 * its entry in the cached lists, so the switchers' counts and the "In watchlist" menus follow a change made elsewhere.
 */
export function useLiveWatchlist(id: string | null): LiveWatchlist {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(EMPTY);
  const subscription = useSubscription(
    trpc.watchlists.live.subscriptionOptions(
      { id: id ?? '' },
      {
        enabled: id !== null,
        onData: (event) => {
          if (event.type === 'list') {
            const { rows: _rows, errors: _errors, ...list } = event.watchlist;
            queryClient.setQueryData(trpc.watchlists.list.queryKey(), (old) =>
              old?.map((l): Watchlist => (l.id === list.id ? list : l)),
            );
          }
          setState((prev) => {
            const base = prev.id === id ? prev : { ...EMPTY, id };
            if (event.type === 'list') {
              return {
                id,
                detail: event.watchlist,
                rows: new Map(event.watchlist.rows.map((r) => [r.symbol, r])),
                deleted: false,
              };
            }
            if (event.type === 'deleted') return { ...base, deleted: true };
            const rows = new Map(base.rows);
            for (const row of tickedRows(event)) if (rows.has(row.symbol)) rows.set(row.symbol, row);
            return { ...base, rows };
          });
        },
      },
    ),
  );
  const mine = state.id === id ? state : EMPTY;
  const status: LiveWatchlist['status'] = mine.deleted
    ? 'deleted'
    : subscription.status === 'error' && !mine.detail
      ? 'error'
      : mine.detail
        ? 'live'
        : subscription.status === 'error'
          ? 'error'
          : 'loading';
  return {
    detail: mine.detail,
    rows: mine.rows,
    status,
    error: subscription.error?.message ?? null,
    retry: () => subscription.reset(),
  };
}
