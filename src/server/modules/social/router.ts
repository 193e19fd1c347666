import {
  conversationSchema,
  friendRequestActionSchema,
  markReadSchema,
  messageFeedSchema,
  sendFriendRequestSchema,
  friendIdSchema,
  otherUserSchema,
  sendMessageSchema,
  userSearchSchema,
} from '../../../shared/social/schemas';
import { authedProcedure, router } from '../../trpc/init';
import { socketSubscription } from '../../trpc/socketSubscription';
import { listBlocked } from './blocks';
import { answerFriendRequest, pendingRequests, sendFriendRequest } from './friendRequests';
import { listFriends } from './friendships';
import { messageFeed, messageFeedStart } from './messageFeed';
import { getConversation, markConversationRead, sendDirectMessage } from './messages';
import { blockUser, unblockUser, unfriend } from './relationships';
import { searchUsers } from './search';

/** Friends, direct messages, shared AI insights (issue 11). Signed in only. */
export const socialRouter = router({
  /** GET /api/users/search?q= */
  searchUsers: authedProcedure
    .input(userSearchSchema)
    .query(({ ctx, input }) => searchUsers(ctx.deps, ctx.user.id, input.q)),

  /** GET /api/friends */
  friends: authedProcedure.query(({ ctx }) => listFriends(ctx.deps.db, ctx.user.id)),

  /** GET /api/friend-requests/pending */
  pendingRequests: authedProcedure.query(({ ctx }) => pendingRequests(ctx.deps, ctx.user.id)),

  /** POST /api/friend-requests/send */
  sendFriendRequest: authedProcedure
    .input(sendFriendRequestSchema)
    .mutation(({ ctx, input }) => sendFriendRequest(ctx.deps, ctx.user.id, input.username)),

  /** POST /api/friend-requests/{id}/accept */
  acceptFriendRequest: authedProcedure
    .input(friendRequestActionSchema)
    .mutation(({ ctx, input }) => answerFriendRequest(ctx.deps, ctx.user.id, input.id, 'accepted')),

  /** POST /api/friend-requests/{id}/reject */
  rejectFriendRequest: authedProcedure
    .input(friendRequestActionSchema)
    .mutation(({ ctx, input }) => answerFriendRequest(ctx.deps, ctx.user.id, input.id, 'rejected')),

  /** POST /api/friends/{friendId}/unfriend */
  unfriend: authedProcedure
    .input(friendIdSchema)
    .mutation(({ ctx, input }) => unfriend(ctx.deps, ctx.user.id, input.friendId)),

  /** GET /api/users/blocked */
  blocked: authedProcedure.query(({ ctx }) => listBlocked(ctx.deps.db, ctx.user.id)),

  /** POST /api/users/{userId}/block */
  block: authedProcedure
    .input(otherUserSchema)
    .mutation(({ ctx, input }) => blockUser(ctx.deps, ctx.user.id, input.userId)),

  /** POST /api/users/{userId}/unblock */
  unblock: authedProcedure
    .input(otherUserSchema)
    .mutation(({ ctx, input }) => unblockUser(ctx.deps, ctx.user.id, input.userId)),

  /** GET /api/direct-messages/{friendId}?cursor=&limit= */
  conversation: authedProcedure
    .input(conversationSchema)
    .query(({ ctx, input }) => getConversation(ctx.deps, ctx.user.id, input)),

  /** POST /api/direct-messages/send */
  sendMessage: authedProcedure
    .input(sendMessageSchema)
    .mutation(({ ctx, input }) => sendDirectMessage(ctx.deps, ctx.user, input)),

  /** POST /api/direct-messages/{friendId}/read: messages that arrived live while the conversation was open. */
  markRead: authedProcedure
    .input(markReadSchema)
    .mutation(({ ctx, input }) => markConversationRead(ctx.deps, ctx.user.id, input)),

  /**
   * Live messages to and from the user as tracked events: reconnecting with the last event id delivers every
   * message missed in between, then live ones, without duplicates (messageFeed.ts).
   */
  messages: authedProcedure.input(messageFeedSchema).subscription(async ({ ctx, input, signal }) => {
    const after = await messageFeedStart(ctx.deps, input?.lastEventId);
    return socketSubscription(ctx, { procedure: 'social.messages', signal }, (streamSignal) =>
      messageFeed(ctx.deps, ctx.user.id, after, streamSignal),
    );
  }),
});
