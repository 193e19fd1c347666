import { objectBody, paramsOf, queryOf, type RestRoute } from './shim';

/** product.md §7 paths of this domain, each onto its procedure (plus marking a conversation read, unfriend, block and unblock). */
export const socialRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/users/search', call: (caller, req) => caller.social.searchUsers({ q: queryOf(req).q }) },
  { method: 'GET', url: '/api/friends', call: (caller) => caller.social.friends() },
  { method: 'GET', url: '/api/friend-requests/pending', call: (caller) => caller.social.pendingRequests() },
  {
    method: 'POST',
    url: '/api/friend-requests/send',
    call: (caller, req) => caller.social.sendFriendRequest(objectBody(req) as never),
  },
  {
    method: 'POST',
    url: '/api/friend-requests/:id/accept',
    call: (caller, req) => caller.social.acceptFriendRequest({ id: paramsOf(req).id }),
  },
  {
    method: 'POST',
    url: '/api/friend-requests/:id/reject',
    call: (caller, req) => caller.social.rejectFriendRequest({ id: paramsOf(req).id }),
  },
  {
    method: 'POST',
    url: '/api/friends/:friendId/unfriend',
    call: (caller, req) => caller.social.unfriend({ friendId: paramsOf(req).friendId }),
  },
  { method: 'GET', url: '/api/users/blocked', call: (caller) => caller.social.blocked() },
  {
    method: 'POST',
    url: '/api/users/:userId/block',
    call: (caller, req) => caller.social.block({ userId: paramsOf(req).userId }),
  },
  {
    method: 'POST',
    url: '/api/users/:userId/unblock',
    call: (caller, req) => caller.social.unblock({ userId: paramsOf(req).userId }),
  },
  {
    method: 'POST',
    url: '/api/direct-messages/send',
    status: 201,
    call: (caller, req) => caller.social.sendMessage(objectBody(req) as never),
  },
  {
    method: 'GET',
    url: '/api/direct-messages/:friendId',
    call: (caller, req) => {
      const { cursor, limit } = queryOf(req);
      return caller.social.conversation({ friendId: paramsOf(req).friendId, cursor, limit });
    },
  },
  {
    method: 'POST',
    url: '/api/direct-messages/:friendId/read',
    call: (caller, req) => caller.social.markRead({ ...objectBody(req), friendId: paramsOf(req).friendId }),
  },
];
