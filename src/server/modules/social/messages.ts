import { and, eq, isNull, lte } from 'drizzle-orm';
import { CONVERSATION_PAGE_SIZE, MESSAGE_RATE } from '../../../shared/social/limits';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import type { SendMessageInput } from '../../../shared/social/schemas';
import { insightMessage, isAnswerText } from '../../../shared/social/insight';
import type { ConversationPage, DirectMessage, MessageType } from '../../../shared/social/types';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../depsTypes';
import { tablesOf } from '../../db/schema';
import { insertWhen } from '../../db/insertWhen';
import { appError } from '../../errors/appError';
import { findOwnAgentAnswer } from '../chat/agentAnswers';
import { areFriends, pairKey, userKey } from './friendships';
import { conversationRows, toDirectMessage } from './messageRows';
import { sendAllowed, sendChecks } from './sendChecks';

type SocialDeps = Pick<AppDeps, 'db' | 'now' | 'bus'>;

/** Someone who is not your friend is, for messages, someone who does not exist: same 404, same words. */
async function assertFriends(deps: Pick<AppDeps, 'db'>, me: string, other: string): Promise<void> {
  if (!(await areFriends(deps.db, me, other))) throw appError('NOT_FOUND', M.userNotFound);
}

/**
 * What is stored for a message: a text as typed, or an insight made here from the sender's own stored agent answer
 * (text without the sources footer, its question, when it was answered, and the sources its tools returned). A text
 * or question sent along with the id must be the answer's own (a client sending the documented payload back), or
 * the message is refused; what is stored is always made here.
 */
async function messageBody(
  db: Db,
  senderId: string,
  input: SendMessageInput,
): Promise<{ content: string; messageType: MessageType; metadata: string | null }> {
  if (input.messageType === 'text') return { content: input.content, messageType: 'text', metadata: null };
  const answer = await findOwnAgentAnswer(db, senderId, input.agentMessageId);
  if (!answer) throw appError('NOT_FOUND', M.agentAnswerNotFound);
  const { claim } = input;
  if (claim?.content !== undefined && !isAnswerText(claim.content, answer))
    throw appError('BAD_REQUEST', `content: ${M.insightTextNotTheAnswer}`);
  if (claim?.question !== undefined && claim.question !== answer.question.normalize('NFC').trim())
    throw appError('BAD_REQUEST', `metadata: ${M.insightQuestionNotTheAnswer}`);
  const { content, metadata } = insightMessage(answer, answer.question, new Date(answer.answeredAt));
  return { content, messageType: 'insight', metadata: JSON.stringify(metadata) };
}

/**
 * POST /api/direct-messages/send: stores the message and wakes its deliveries. Only between friends; at most
 * MESSAGE_RATE.max a minute per sender. The checks and the insert are one statement (`insertWhen`: the insert's
 * condition), decided under advisory locks keyed on the sender (parallel sends cannot pass the limit, on every
 * instance), on the pair (against an unfriend or block in between) and on the receiver: every message in one person's
 * feed is then stored (and committed) in id order, which the feeds' "after id N" cursor relies on (on PostgreSQL, ids
 * are handed out before commits, which may otherwise land out of order). The database is the record; the bus only
 * says "look".
 * The locks chain sends that share a person (decision 024), so they are held for one statement: on PostgreSQL the
 * locks, the insert and COMMIT go in one message. An insight's body (the sender's own stored answer, which nobody else
 * changes) is made before them, and the stored message comes back from the insert. A send the condition refuses is
 * rare (a stranger, a flood), and only then is it read again to say why.
 */
export async function sendDirectMessage(
  deps: SocialDeps,
  sender: { id: string; firstName: string },
  input: SendMessageInput,
): Promise<DirectMessage> {
  const now = deps.now();
  const senderId = sender.id;
  if (senderId === input.receiverId) throw appError('NOT_FOUND', M.userNotFound);
  const body = await messageBody(deps.db, senderId, input);
  const keys = [userKey(senderId), userKey(input.receiverId), pairKey(senderId, input.receiverId)];
  const cutoff = now - MESSAGE_RATE.windowMs;
  const { directMessages } = tablesOf(deps.db);
  const store = () =>
    insertWhen(
      deps.db,
      keys,
      directMessages,
      { senderId, receiverId: input.receiverId, ...body, createdAt: now, readAt: null },
      sendAllowed(deps.db, senderId, input.receiverId, MESSAGE_RATE.max, cutoff),
    );
  let stored = await store();
  if (!stored) {
    // Read again to say why. A refusal that no longer holds (a friendship accepted in between) gets one more try.
    const why = await refusal(deps.db, senderId, input.receiverId, cutoff);
    if (why) throw why;
    stored = await store();
    if (!stored) throw (await refusal(deps.db, senderId, input.receiverId, cutoff)) ?? tooFast();
  }
  deps.bus.publish('message.created', { messageId: stored.id, senderId, receiverId: input.receiverId });
  return toDirectMessage({ ...stored, senderFirstName: sender.firstName });
}

const tooFast = () => appError('TOO_MANY_REQUESTS', M.messagesTooFast);

/** Why a send was refused, read after the fact; undefined if it would be allowed now. */
async function refusal(db: Db, senderId: string, receiverId: string, cutoff: number) {
  const { friends, nthLastSent } = await sendChecks(db, senderId, receiverId, MESSAGE_RATE.max);
  if (!friends) return appError('NOT_FOUND', M.userNotFound);
  if (nthLastSent !== undefined && nthLastSent > cutoff) return tooFast();
  return undefined;
}

/**
 * GET /api/direct-messages/{friendId}: the newest page first (oldest to newest within the page), `nextCursor` for
 * the page before. Reading the newest page marks the friend's messages to you as read.
 */
export async function getConversation(
  deps: Pick<AppDeps, 'db' | 'now'>,
  me: string,
  input: { friendId: string; cursor?: number; limit?: number },
): Promise<ConversationPage> {
  await assertFriends(deps, me, input.friendId);
  const limit = input.limit ?? CONVERSATION_PAGE_SIZE;
  const rows = await conversationRows(deps.db, me, input.friendId, limit + 1, input.cursor);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit).reverse();
  if (input.cursor === undefined) await markRead(deps, me, input.friendId);
  return { messages: page, nextCursor: hasMore && page.length ? page[0].id : null };
}

/** Marks the friend's messages to `me` read, all of them or up to `upToId` (what the screen has shown). */
export async function markConversationRead(
  deps: Pick<AppDeps, 'db' | 'now'>,
  me: string,
  input: { friendId: string; upToId?: number },
): Promise<{ updated: number }> {
  await assertFriends(deps, me, input.friendId);
  return { updated: await markRead(deps, me, input.friendId, input.upToId) };
}

async function markRead(
  deps: Pick<AppDeps, 'db' | 'now'>,
  me: string,
  friendId: string,
  upToId?: number,
): Promise<number> {
  const { directMessages } = tablesOf(deps.db);
  const unreadFromFriend = and(
    eq(directMessages.receiverId, me),
    eq(directMessages.senderId, friendId),
    isNull(directMessages.readAt),
  );
  const updated = await deps.db
    .update(directMessages)
    .set({ readAt: deps.now() })
    .where(upToId === undefined ? unreadFromFriend : and(unreadFromFriend, lte(directMessages.id, upToId)))
    .returning({ id: directMessages.id });
  return updated.length;
}
