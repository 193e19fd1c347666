import type { SourceRef } from '../chat/types';

/**
 * What the social hub's calls answer (product.md §3: friend request, direct message), shared by the server that
 * builds them and the screens that show them. Times are ISO 8601 strings in UTC.
 */

/** Another person as the social hub shows them: never their email unless said. */
export interface SocialPerson {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  displayName: string;
  profileImageUrl: string | null;
}

export type Relationship = 'none' | 'friend' | 'request-sent' | 'request-received';

/**
 * A search hit. `email` is present only when the query was exactly that person's email: a prefix never reveals
 * one, so the search cannot be used as a directory of addresses.
 */
export interface UserSearchResult extends SocialPerson {
  email?: string;
  relationship: Relationship;
}

export interface Friend extends SocialPerson {
  /** Friends see each other's email (the friend list filters by it, product.md §2). */
  email: string;
  friendsSince: string;
  /** Messages from this friend not yet read. */
  unreadCount: number;
  lastMessage: { content: string; messageType: MessageType; createdAt: string; fromMe: boolean } | null;
}

export type FriendRequestStatus = 'pending' | 'accepted' | 'rejected';

export interface FriendRequestView {
  id: string;
  senderId: string;
  receiverId: string;
  status: FriendRequestStatus;
  createdAt: string;
  updatedAt: string;
}

/** An incoming pending request with the spec's sender fields (product.md §3). */
export interface PendingFriendRequest {
  id: string;
  createdAt: string;
  sender: SocialPerson & { email: string };
}

/** Answer of POST /api/friend-requests/send: a new pending request, or the other person's request accepted. */
export interface SendFriendRequestResult {
  message: string;
  request: FriendRequestView;
}

export interface AnswerFriendRequestResult {
  message: string;
  request: FriendRequestView;
  /** The sender, now a friend (accept) or not (reject). */
  sender: SocialPerson;
}

export type MessageType = 'text' | 'insight';

/** What a shared AI insight carries besides its answer: the question it answers, when, and its sources. */
export interface InsightMetadata {
  question: string;
  generatedAt: string;
  sources?: SourceRef[];
}

/** A direct message (product.md §3). The id grows with every message: it is the cursor and the tracked event id. */
export interface DirectMessage {
  id: number;
  senderId: string;
  receiverId: string;
  content: string;
  messageType: MessageType;
  metadata: InsightMetadata | null;
  createdAt: string;
  readAt: string | null;
  sender: { firstName: string };
}

/** One page of a conversation, oldest first within the page; `nextCursor` fetches the page before it. */
export interface ConversationPage {
  messages: DirectMessage[];
  nextCursor: number | null;
}

/**
 * Events of the `social.messages` subscription. Every event is tracked with the id of the last message delivered,
 * so a client that reconnects with its last event id gets exactly what it missed.
 */
/** A message to (or, on the tRPC feed, from) the user was stored: the spec's `new_message`, alike on both transports. */
export interface NewMessageEvent {
  type: 'new_message';
  message: DirectMessage;
}

export type SocialEvent =
  | NewMessageEvent
  /** Friends or requests of this user changed (a request arrived, was accepted or rejected): refetch them. */
  | { type: 'friends' };

/** The spec's `/ws` socket, in both directions (product.md §7). */
export type SpecSocketClientMessage =
  /** `lastMessageId`: the last message this client received; what came after it is sent first (the catch-up). */
  { type: 'authenticate'; userId: string; lastMessageId?: number } | { type: 'ping' };
export type SpecSocketServerMessage =
  { type: 'authenticated'; userId: string } | NewMessageEvent | { type: 'pong' } | { type: 'error'; message: string };
