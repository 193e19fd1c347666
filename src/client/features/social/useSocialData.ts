import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

/** The friend list and the pending requests, the friend-request actions, unfriend and block, with their toasts (product.md §8). */
export function useSocialData() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const friends = useQuery(trpc.social.friends.queryOptions());
  const pending = useQuery(trpc.social.pendingRequests.queryOptions());

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.social.friends.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.social.pendingRequests.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.social.blocked.queryKey() });
  }, [queryClient, trpc]);

  const sendRequest = useMutation(
    trpc.social.sendFriendRequest.mutationOptions({
      onSuccess: (result) => {
        void toast({ title: result.message });
        refreshLists();
        // Cached search answers now tell an old story about this person.
        void queryClient.invalidateQueries({ queryKey: trpc.social.searchUsers.queryKey() });
      },
      onError: (error) =>
        toast({ title: 'Error', description: errorBodyOf(error).message || M.requestFailed, variant: 'destructive' }),
    }),
  );

  // Answering a request, unfriending and blocking change who is whose friend, and what search shows about them.
  const answerOptions = {
    onSuccess: (result: { message: string }) => {
      void toast({ title: result.message });
      refreshLists();
      void queryClient.invalidateQueries({ queryKey: trpc.social.searchUsers.queryKey() });
    },
    onError: (error: unknown) => {
      void toast({ title: 'Error', description: errorBodyOf(error).message, variant: 'destructive' });
      refreshLists();
    },
  };
  const accept = useMutation(trpc.social.acceptFriendRequest.mutationOptions(answerOptions));
  const reject = useMutation(trpc.social.rejectFriendRequest.mutationOptions(answerOptions));
  const unfriend = useMutation(trpc.social.unfriend.mutationOptions(answerOptions));
  const block = useMutation(trpc.social.block.mutationOptions(answerOptions));
  /** Unfriend or block a friend; resolves when the server has answered (either way: the toast tells which). */
  const endFriendship = (kind: 'unfriend' | 'block', friendId: string) =>
    (kind === 'unfriend' ? unfriend.mutateAsync({ friendId }) : block.mutateAsync({ userId: friendId })).catch(
      () => undefined,
    );

  return {
    friends,
    pending,
    sendRequest,
    accept,
    reject,
    endFriendship,
    ending: unfriend.isPending || block.isPending,
    refreshLists,
  };
}
