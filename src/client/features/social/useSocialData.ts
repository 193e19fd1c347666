import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

/** The friend list and the pending requests, and the friend-request actions with their toasts (SPEC section 8). */
export function useSocialData() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const friends = useQuery(trpc.social.friends.queryOptions());
  const pending = useQuery(trpc.social.pendingRequests.queryOptions());

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.social.friends.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.social.pendingRequests.queryKey() });
  }, [queryClient, trpc]);

  const sendRequest = useMutation(
    trpc.social.sendFriendRequest.mutationOptions({
      onSuccess: (result) => {
        toast({ title: result.message });
        refreshLists();
        // Cached search answers now tell an old story about this person.
        void queryClient.invalidateQueries({ queryKey: trpc.social.searchUsers.queryKey() });
      },
      onError: (error) => toast({ title: 'Error', description: errorBodyOf(error).message || M.requestFailed, variant: 'destructive' }),
    }),
  );

  const answerOptions = {
    onSuccess: (result: { message: string }) => {
      toast({ title: result.message });
      refreshLists();
    },
    onError: (error: unknown) => {
      toast({ title: 'Error', description: errorBodyOf(error).message, variant: 'destructive' });
      refreshLists();
    },
  };
  const accept = useMutation(trpc.social.acceptFriendRequest.mutationOptions(answerOptions));
  const reject = useMutation(trpc.social.rejectFriendRequest.mutationOptions(answerOptions));

  return { friends, pending, sendRequest, accept, reject, refreshLists };
}
