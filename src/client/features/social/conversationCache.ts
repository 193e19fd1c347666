import type { InfiniteData } from '@tanstack/react-query';
import type { ConversationPage, DirectMessage, Friend } from '../../../shared/social/types';

/**
 * Pure updates of cached social data, applied when a message arrives live or is sent. Every one is idempotent: the
 * same message may come from the send's answer and from the live feed, and must show once.
 */

export type ConversationData = InfiniteData<ConversationPage, unknown>;

/** The conversation with `message` in it once (the newest page holds live additions), oldest to newest. */
export function withMessage(data: ConversationData, message: DirectMessage): ConversationData {
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  const messages = [...(newest?.messages ?? []), message].sort((a, b) => a.id - b.id);
  return { ...data, pages: [{ nextCursor: newest?.nextCursor ?? null, messages }, ...older] };
}

/** Messages of all loaded pages, oldest first. Pages come newest page first. */
export function flattenConversation(data: ConversationData | undefined): DirectMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

/**
 * The loaded messages plus those that arrived live or were sent here, each once, oldest first. Live messages older
 * than the oldest loaded one are left to the older pages, where they belong.
 */
export function withLiveMessages(loaded: DirectMessage[], live: DirectMessage[]): DirectMessage[] {
  if (live.length === 0) return loaded;
  const ids = new Set(loaded.map((m) => m.id));
  const oldest = loaded[0]?.id ?? -Infinity;
  const missing = live.filter((m) => !ids.has(m.id) && m.id > oldest);
  return missing.length === 0 ? loaded : [...loaded, ...missing].sort((a, b) => a.id - b.id);
}

/** The friend list after a message between `me` and a friend: last message, and one more unread when it is theirs. */
export function withFriendMessage(
  friends: Friend[],
  me: string,
  message: DirectMessage,
  countUnread: boolean,
): Friend[] {
  const friendId = message.senderId === me ? message.receiverId : message.senderId;
  const updated = friends.map((friend) => {
    if (friend.id !== friendId) return friend;
    if (friend.lastMessage && friend.lastMessage.createdAt > message.createdAt) return friend;
    return {
      ...friend,
      unreadCount: friend.unreadCount + (countUnread && message.senderId !== me ? 1 : 0),
      lastMessage: {
        content: message.content,
        messageType: message.messageType,
        createdAt: message.createdAt,
        fromMe: message.senderId === me,
      },
    };
  });
  // The latest conversation first, as the server sorts them.
  return updated.sort((a, b) => (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? ''));
}

export function withFriendRead(friends: Friend[], friendId: string): Friend[] {
  return friends.map((friend) =>
    friend.id === friendId && friend.unreadCount ? { ...friend, unreadCount: 0 } : friend,
  );
}
