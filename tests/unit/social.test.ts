import { describe, expect, it } from 'vitest';
import {
  flattenConversation,
  withFriendMessage,
  withFriendRead,
  withLiveMessages,
  withMessage,
  type ConversationData,
} from '../../src/client/features/social/conversationCache';
import { matchesFilter } from '../../src/client/features/social/friendFilter';
import { sourcesFooter } from '../../src/shared/chat/sources';
import { insightMessage, isAnswerText } from '../../src/shared/social/insight';
import { MAX_INSIGHT_LENGTH, reconnectDelayMs, SOCKET_RECONNECT } from '../../src/shared/social/limits';
import { conversationSchema, sendMessageSchema, userSearchSchema } from '../../src/shared/social/schemas';
import type { DirectMessage, Friend } from '../../src/shared/social/types';

const message = (
  id: number,
  senderId = 'ada',
  receiverId = 'bob',
  createdAt = `2025-01-15T10:00:${String(id).padStart(2, '0')}.000Z`,
): DirectMessage => ({
  id,
  senderId,
  receiverId,
  content: `m${id}`,
  messageType: 'text',
  metadata: null,
  createdAt,
  readAt: null,
  sender: { firstName: senderId },
});

const friend = (id: string, extra: Partial<Friend> = {}): Friend => ({
  id,
  username: `${id}.user`,
  firstName: id,
  lastName: 'Lee',
  displayName: `${id} Lee`,
  profileImageUrl: null,
  email: `${id}@mail.example`,
  friendsSince: '2025-01-01T00:00:00.000Z',
  unreadCount: 0,
  lastMessage: null,
  ...extra,
});

describe('conversation cache', () => {
  const pages: ConversationData = {
    pages: [
      { messages: [message(5), message(6)], nextCursor: 5 },
      { messages: [message(3), message(4)], nextCursor: null },
    ],
    pageParams: [undefined, 5],
  };

  it('flattens pages oldest first', () => {
    expect(flattenConversation(pages).map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(flattenConversation(undefined)).toEqual([]);
  });

  it('adds a live message once, in id order, to the newest page', () => {
    const once = withMessage(pages, message(8));
    const twice = withMessage(once, message(8));
    expect(twice).toBe(once);
    expect(flattenConversation(withMessage(once, message(7))).map((m) => m.id)).toEqual([3, 4, 5, 6, 7, 8]);
    // A message already on an older page is not added again.
    expect(withMessage(pages, message(3))).toBe(pages);
  });

  it('keeps live messages that a page load answered without, each once and in order', () => {
    const loaded = flattenConversation(pages);
    // A load that read the database before message 7 was stored: 7 still shows, after the loaded ones.
    expect(withLiveMessages(loaded, [message(7)]).map((m) => m.id)).toEqual([3, 4, 5, 6, 7]);
    // Already loaded: shown once; nothing live: the loaded list itself.
    expect(withLiveMessages(loaded, [message(6), message(8)]).map((m) => m.id)).toEqual([3, 4, 5, 6, 8]);
    expect(withLiveMessages(loaded, [])).toBe(loaded);
    // Older than the oldest loaded page: it belongs to a page not loaded yet.
    expect(withLiveMessages([message(5), message(6)], [message(2)]).map((m) => m.id)).toEqual([5, 6]);
    // Opened before its first page arrived.
    expect(withLiveMessages([], [message(9)]).map((m) => m.id)).toEqual([9]);
  });

  it('moves the friend with the new message first, counting unread only for theirs', () => {
    const friends = [
      friend('bob'),
      friend('cleo', {
        lastMessage: { content: 'x', messageType: 'text', createdAt: '2025-01-15T09:00:00.000Z', fromMe: true },
      }),
    ];
    const fromBob = withFriendMessage(friends, 'ada', message(9, 'bob', 'ada'), true);
    expect(fromBob.map((f) => [f.id, f.unreadCount])).toEqual([
      ['bob', 1],
      ['cleo', 0],
    ]);
    expect(fromBob[0].lastMessage).toEqual({
      content: 'm9',
      messageType: 'text',
      createdAt: message(9).createdAt,
      fromMe: false,
    });
    // Mine, or theirs while the conversation is open: no unread.
    expect(withFriendMessage(friends, 'ada', message(10, 'ada', 'bob'), true)[0].unreadCount).toBe(0);
    expect(withFriendMessage(friends, 'ada', message(10, 'bob', 'ada'), false)[0].unreadCount).toBe(0);
    expect(withFriendRead(fromBob, 'bob')[0].unreadCount).toBe(0);
  });
});

describe('friend filter', () => {
  it('matches name, email and username, ignoring case and spaces around', () => {
    const bob = friend('bob');
    for (const text of ['BOB L', 'lee', 'mail.example', 'bob.user', '  Bob  ', ''])
      expect(matchesFilter(bob, text), text).toBe(true);
    expect(matchesFilter(bob, 'cleo')).toBe(false);
  });
});

describe('insight message', () => {
  const sources = [
    {
      tool: 'get_quote',
      provider: 'simulated',
      simulated: true,
      label: 'Simulated market (built-in)',
      asOf: '2025-01-15T14:05:00.000Z',
      subject: 'AAPL',
    },
  ];
  it('drops the plain-text sources footer (the card lists the sources) and keeps the metadata', () => {
    const verification = { verified: 2, total: 2 };
    const content = `AAPL is at **$150.00**.${sourcesFooter(sources, verification)}`;
    const shared = insightMessage({ content, sources, verification }, 'AAPL?', new Date('2025-01-15T14:06:00Z'));
    expect(shared.content).toBe('AAPL is at **$150.00**.');
    expect(shared.metadata).toEqual({ question: 'AAPL?', generatedAt: '2025-01-15T14:06:00.000Z', sources });
  });

  it('keeps a warning when figures could not be verified, and fits the insight bound', () => {
    const verification = { verified: 1, total: 3 };
    const content = `Up 5%.${sourcesFooter(sources, verification)}`;
    expect(insightMessage({ content, sources, verification }, 'q', new Date()).content).toBe(
      'Up 5%.\n\n_Warning: 2 of 3 figures could not be verified against the data._',
    );
    const long = insightMessage(
      { content: 'x'.repeat(MAX_INSIGHT_LENGTH + 50), sources: [], verification: { verified: 0, total: 0 } },
      'q',
      new Date(),
    );
    expect(long.content.length).toBe(MAX_INSIGHT_LENGTH);
  });

  it("knows the answer's text as a client holds it: with its footer, as stored, as shared; nothing else", () => {
    for (const verification of [
      { verified: 2, total: 2 },
      { verified: 1, total: 3 },
    ]) {
      const stored = { content: 'AAPL is at **$150.00**, up 1.2%.', sources, verification };
      const withFooter = stored.content + sourcesFooter(sources, verification);
      const shared = insightMessage(stored, 'AAPL?', new Date()).content;
      for (const text of [withFooter, stored.content, shared, `  ${withFooter}\n`])
        expect(isAnswerText(text, stored), text).toBe(true);
      for (const text of ['AAPL is at **$950.00**, up 1.2%.', `${withFooter} Verified: buy now.`, ''])
        expect(isAnswerText(text, stored), text).toBe(false);
    }
  });
});

describe('limits and schemas', () => {
  it('reconnects for good, from 1 s doubling up to 30 s', () => {
    expect(Array.from({ length: 8 }, (_, i) => reconnectDelayMs(i))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelayMs(1_000)).toBe(SOCKET_RECONNECT.maxDelayMs);
  });

  it('search: 2 to 254 characters after trimming', () => {
    expect(userSearchSchema.safeParse({ q: ' a ' }).success).toBe(false);
    expect(userSearchSchema.parse({ q: ' ab ' })).toEqual({ q: 'ab' });
  });

  it('messages: text without metadata, insights by agent answer id, with the answer sent back or not', () => {
    expect(sendMessageSchema.parse({ receiverId: 'bob', content: ' hi ' })).toEqual({
      receiverId: 'bob',
      content: 'hi',
      messageType: 'text',
    });
    expect(sendMessageSchema.safeParse({ receiverId: 'bob', content: 'x'.repeat(2001) }).success).toBe(false);
    expect(sendMessageSchema.parse({ receiverId: 'bob', messageType: 'insight', agentMessageId: '12' })).toEqual({
      receiverId: 'bob',
      messageType: 'insight',
      agentMessageId: 12,
    });
    // The documented payload rides along as a claim, which the server compares with the stored answer.
    expect(
      sendMessageSchema.parse({
        receiverId: 'bob',
        messageType: 'insight',
        content: ' The answer ',
        metadata: { question: ' q ', generatedAt: '2025-01-15T14:05:00Z', agentMessageId: 12 },
      }),
    ).toEqual({
      receiverId: 'bob',
      messageType: 'insight',
      agentMessageId: 12,
      claim: { content: 'The answer', question: 'q' },
    });
    for (const forged of [
      { content: 'x' },
      { metadata: { question: 'q', sources: [] }, agentMessageId: 12 },
      { metadata: { generatedAt: 'soon' }, agentMessageId: 12 },
      { metadata: 'q', agentMessageId: 12 },
    ]) {
      expect(
        sendMessageSchema.safeParse({ receiverId: 'bob', messageType: 'insight', ...forged }).success,
        JSON.stringify(forged),
      ).toBe(false);
    }
  });

  it('pages: cursor and limit from query text or JSON numbers, never from true or [5]', () => {
    expect(conversationSchema.parse({ friendId: 'bob', cursor: '12', limit: 5 })).toEqual({
      friendId: 'bob',
      cursor: 12,
      limit: 5,
    });
    for (const bad of [true, [5], '0x1e', '1e3', -1, 0, 1.5])
      expect(conversationSchema.safeParse({ friendId: 'bob', cursor: bad }).success, String(bad)).toBe(false);
  });
});
