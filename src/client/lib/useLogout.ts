import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorBodyOf } from './errors';
import { toast } from './toast';
import { useTRPC } from './trpc';

interface LogoutOptions {
  /** Runs after the toast, on success and (when `alsoOnError`) on failure too. */
  onDone?: () => void;
  alsoOnError?: boolean;
}

/**
 * Sign out (SPEC section 4): on success the cached user and every other cached answer are dropped and
 * 'Logged out' shows; on failure a destructive 'Logout failed' carries the server's message.
 */
export function useLogout({ onDone, alsoOnError = false }: LogoutOptions = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const userKey = trpc.auth.user.queryKey();

  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => {
        const userHash = JSON.stringify(userKey);
        queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey) !== userHash });
        queryClient.setQueryData(userKey, null);
        toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
        onDone?.();
      },
      onError: (error) => {
        toast({ title: 'Logout failed', description: errorBodyOf(error).message, variant: 'destructive' });
        if (alsoOnError) onDone?.();
      },
    }),
  );
}
