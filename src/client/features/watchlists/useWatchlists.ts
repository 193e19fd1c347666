import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Watchlist } from '../../../shared/watchlists/types';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

/** The signed-in user's lists with their symbols, in creation order (the popular list first). */
export function useWatchlists(enabled = true) {
  const trpc = useTRPC();
  return useQuery(trpc.watchlists.list.queryOptions(undefined, { enabled }));
}

/** A failed write says why in a toast: the server's words (the limits, a name taken, an unknown symbol). */
function failed(title: string) {
  return (error: unknown) => void toast({ title, description: errorBodyOf(error).message, variant: 'destructive' });
}

/**
 * Every watchlist write, each answering the list as it now is: the cached lists take it at once (so menus and the
 * switcher follow without a refetch), and the open list's live stream hears of the change from the server.
 */
export function useWatchlistActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.watchlists.list.queryKey();
  // A read still on its way may have been answered before this write: it would land over the lists just written (or
  // there was nothing to write into yet), and a new list would vanish from the switcher. Drop that read and read
  // again. (Invalidating alone is not enough: a first read with no answer yet is joined, not restarted.)
  const readAgainIfBehind = () => {
    if (queryClient.isFetching({ queryKey: listKey }) > 0 || !queryClient.getQueryData(listKey)) {
      void queryClient
        .cancelQueries({ queryKey: listKey })
        .then(() => queryClient.invalidateQueries({ queryKey: listKey }));
    }
  };
  const keep = (list: Watchlist) => {
    queryClient.setQueryData(listKey, (old) =>
      old ? (old.some((l) => l.id === list.id) ? old.map((l) => (l.id === list.id ? list : l)) : [...old, list]) : old,
    );
    readAgainIfBehind();
  };
  const drop = (id: string) => {
    queryClient.setQueryData(listKey, (old) => old?.filter((l) => l.id !== id));
    readAgainIfBehind();
  };

  const create = useMutation(
    trpc.watchlists.create.mutationOptions({
      onSuccess: (list) => {
        keep(list);
        void toast({ title: `Created “${list.name}”` });
      },
      onError: failed('Could not create the list'),
    }),
  );
  const rename = useMutation(
    trpc.watchlists.update.mutationOptions({ onSuccess: keep, onError: failed('Could not rename the list') }),
  );
  const remove = useMutation(
    trpc.watchlists.delete.mutationOptions({
      onSuccess: (_answer, input) => {
        drop(input.id);
        void toast({ title: 'List deleted' });
      },
      onError: failed('Could not delete the list'),
    }),
  );
  const addSymbol = useMutation(
    trpc.watchlists.addSymbol.mutationOptions({
      onSuccess: (list, input) => {
        keep(list);
        void toast({ title: `Added ${String(input.symbol).toUpperCase()} to “${list.name}”` });
      },
      onError: failed('Could not add the symbol'),
    }),
  );
  const removeSymbol = useMutation(
    trpc.watchlists.removeSymbol.mutationOptions({
      onSuccess: (list, input) => {
        keep(list);
        void toast({ title: `Removed ${String(input.symbol).toUpperCase()} from “${list.name}”` });
      },
      onError: failed('Could not remove the symbol'),
    }),
  );
  const reorder = useMutation(
    trpc.watchlists.reorder.mutationOptions({
      onSuccess: keep,
      onError: (error) => {
        failed('Could not save the new order')(error);
        // The server's order stands: read it again.
        void queryClient.invalidateQueries({ queryKey: listKey });
      },
    }),
  );
  return { create, rename, remove, addSymbol, removeSymbol, reorder };
}
