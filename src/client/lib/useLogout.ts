import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorBodyOf } from './errors';
import { toast } from './toast';
import { useTRPC } from './trpc';

/**
 * After a sign-out or an account deletion: every cached answer is dropped and the cached user becomes "signed out"
 * (null), so no screen shows the last person's data and the header turns signed-out without asking the server.
 */
export function useForgetSignedInUser(): () => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const signInCheck = trpc.auth.user.queryKey();
    const kept = hashKey(signInCheck);
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== kept });
    queryClient.setQueryData(signInCheck, null);
  }, [queryClient, trpc]);
}

interface LogoutOptions {
  /** Runs after the toast, on success and (when `alsoOnError`) on failure too. */
  onDone?: () => void;
  alsoOnError?: boolean;
}

/**
 * Sign out (product.md §4): on success the cached user and every other cached answer are dropped and 'Logged out'
 * shows; on failure a destructive 'Logout failed' carries the server's message.
 */
export function useLogout({ onDone, alsoOnError = false }: LogoutOptions = {}) {
  const trpc = useTRPC();
  const forgetSignedInUser = useForgetSignedInUser();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => {
        forgetSignedInUser();
        void toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
        onDone?.();
      },
      onError: (error) => {
        void toast({ title: 'Logout failed', description: errorBodyOf(error).message, variant: 'destructive' });
        if (alsoOnError) onDone?.();
      },
    }),
  );
}
