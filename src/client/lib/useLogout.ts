import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { CURRENT_USER_KEY } from './currentUser';
import { errorBodyOf } from './errors';
import { toast } from './toast';

/** After a sign-out or an account deletion: every cached answer is dropped and the cached user becomes "signed out". */
export function forgetSignedInUser(queryClient: QueryClient): void {
  const userHash = JSON.stringify(CURRENT_USER_KEY);
  queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey) !== userHash });
  queryClient.setQueryData(CURRENT_USER_KEY, null);
}

interface LogoutOptions {
  /** Runs after the toast, on success and (when `alsoOnError`) on failure too. */
  onDone?: () => void;
  alsoOnError?: boolean;
}

/**
 * Sign out (product.md §4): on success the cached user and every other cached answer are dropped and
 * 'Logged out' shows; on failure a destructive 'Logout failed' carries the server's message.
 * A plain call rather than useMutation: every page's header has this button, and react-query's mutation observer
 * would then be part of every first load (the landing page's JavaScript budget) for a click most visits never make.
 * For the same reason the tRPC client is fetched with the click, not with the page.
 */
export function useLogout({ onDone, alsoOnError = false }: LogoutOptions = {}) {
  const [isPending, setPending] = useState(false);

  const mutate = useCallback(() => {
    setPending(true);
    // The tRPC client and the query cache come with the click: the landing page loads neither.
    Promise.all([import('./trpc'), import('./queryClient')])
      .then(([{ appTrpcClient }, { queryClient }]) => appTrpcClient.auth.logout.mutate().then(() => queryClient))
      .then(
        (queryClient) => {
          forgetSignedInUser(queryClient);
          setPending(false);
          void toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
          onDone?.();
        },
        (error: unknown) => {
          setPending(false);
          void toast({ title: 'Logout failed', description: errorBodyOf(error).message, variant: 'destructive' });
          if (alsoOnError) onDone?.();
        },
      );
  }, [alsoOnError, onDone]);

  return { mutate, isPending };
}
