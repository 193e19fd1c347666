import { z } from 'zod';
import { userText } from '../schemas/text';
import {
  MAX_CONVERSATION_PAGE_SIZE,
  MAX_INSIGHT_ECHO_LENGTH,
  MAX_MESSAGE_LENGTH,
  USER_SEARCH_MAX_LENGTH,
  USER_SEARCH_MIN_LENGTH,
} from './limits';
import { SOCIAL_MESSAGES as M } from './messages';

/** Inputs of the social procedures (REST and tRPC share them; the screens use the same rules). */

/** Text that must be present: a missing or non-text value gets the field's own "required" message. */
function requiredText(requiredMessage: string) {
  return z.unknown().refine((v) => typeof v === 'string', { message: requiredMessage, abort: true });
}

/** Account and request ids are lucia ids (lower-case base32); anything else cannot name one. */
const idPattern = /^[a-z0-9]{1,64}$/;
export const userIdSchema = requiredText(M.invalidUserId).pipe(z.string().regex(idPattern, M.invalidUserId));
export const friendRequestIdSchema = requiredText(M.invalidRequestId).pipe(
  z.string().regex(idPattern, M.invalidRequestId),
);

/** GET /api/users/search?q=: a name or username prefix, or an exact email. */
export const userSearchSchema = z.object({
  q: requiredText(M.searchRequired).pipe(
    userText().trim().min(USER_SEARCH_MIN_LENGTH, M.searchTooShort).max(USER_SEARCH_MAX_LENGTH, 'q is too long'),
  ),
});

/** POST /api/friend-requests/send: `username` is an email or a username (the spec's client passes the email). */
export const sendFriendRequestSchema = z.object({
  username: requiredText(M.usernameRequired).pipe(
    userText().trim().min(1, M.usernameRequired).max(USER_SEARCH_MAX_LENGTH, M.userNotFound),
  ),
});

export const friendRequestActionSchema = z.object({ id: friendRequestIdSchema });

/** Unfriend names the friend; block and unblock name anyone. */
export const friendIdSchema = z.object({ friendId: userIdSchema });
export const otherUserSchema = z.object({ userId: userIdSchema });

/** Text (1-2,000 characters, not blank) as a typed message takes it. */
const messageText = requiredText(M.contentRequired).pipe(
  userText().trim().min(1, M.contentRequired).max(MAX_MESSAGE_LENGTH, M.contentTooLong),
);

/** What an insight's sender claims beside its agentMessageId; the server checks it against the stored answer. */
export interface InsightClaim {
  content?: string;
  question?: string;
}

/** The keys an insight's metadata may carry (product.md §3: question and generatedAt; the id may ride along). */
const INSIGHT_METADATA_KEYS: ReadonlySet<string> = new Set(['question', 'generatedAt', 'agentMessageId']);
const insightEcho = userText().trim().max(MAX_INSIGHT_ECHO_LENGTH);
const insightQuestion = userText().trim().max(MAX_INSIGHT_ECHO_LENGTH);

/**
 * POST /api/direct-messages/send. Text: `content`, 1-2,000 characters, not blank, no metadata.
 * Insight: `agentMessageId` (at the top or in `metadata`), the id of one of the sender's stored Financial Agent
 * answers; the server makes the text, question and sources from that answer, so an insight's text or source chips
 * cannot be typed in. The documented payload (`content`, `metadata { question, generatedAt }`, as POST /api/ai/insight
 * answered them) is accepted alongside the id: the server refuses it when it differs from the stored answer
 * (messages.ts), and stores its own copy either way. Sources cannot be sent.
 */
export const sendMessageSchema = z
  .object({
    receiverId: userIdSchema,
    messageType: z.enum(['text', 'insight'], { error: M.messageTypeInvalid }).default('text'),
    content: z.unknown().optional(),
    metadata: z.unknown().optional(),
    agentMessageId: z.unknown().optional(),
  })
  .transform((input, ctx): SendMessageInput => {
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    const { receiverId } = input;
    if (input.messageType === 'text') {
      if (input.metadata !== undefined && input.metadata !== null) return fail('metadata', M.textTakesNoMetadata);
      const content = messageText.safeParse(input.content);
      return content.success
        ? { receiverId, messageType: 'text', content: content.data }
        : fail('content', content.error.issues[0].message);
    }
    const metadata = input.metadata ?? undefined;
    if (metadata !== undefined && (typeof metadata !== 'object' || Array.isArray(metadata)))
      return fail('metadata', M.insightMetadataFields);
    const fields = (metadata ?? {}) as Record<string, unknown>;
    if (Object.keys(fields).some((key) => !INSIGHT_METADATA_KEYS.has(key)))
      return fail('metadata', M.insightMetadataFields);
    const agentMessageId = agentMessageIdSchema.safeParse(input.agentMessageId ?? fields.agentMessageId);
    if (!agentMessageId.success) return fail('agentMessageId', M.insightNeedsAgentAnswer);
    const claim: InsightClaim = {};
    if (input.content !== undefined) {
      const content = insightEcho.safeParse(input.content);
      if (!content.success) return fail('content', M.insightTextNotTheAnswer);
      claim.content = content.data;
    }
    if (fields.question !== undefined) {
      const question = insightQuestion.safeParse(fields.question);
      if (!question.success) return fail('metadata', M.insightQuestionNotTheAnswer);
      claim.question = question.data;
    }
    const { generatedAt } = fields;
    if (generatedAt !== undefined && (typeof generatedAt !== 'string' || Number.isNaN(Date.parse(generatedAt))))
      return fail('metadata', M.insightGeneratedAtInvalid);
    return {
      receiverId,
      messageType: 'insight',
      agentMessageId: agentMessageId.data,
      ...(Object.keys(claim).length > 0 ? { claim } : {}),
    };
  });
export type SendMessageInput =
  | { receiverId: string; messageType: 'text'; content: string }
  | { receiverId: string; messageType: 'insight'; agentMessageId: number; claim?: InsightClaim };

/** A whole number from a query string ('30') or JSON (30); true, [5] or '0x1e' are not numbers here. */
function wholeNumber(message: string) {
  return z
    .union([z.number(), z.string().regex(/^\d{1,16}$/)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).max(Number.MAX_SAFE_INTEGER, message));
}

/** A message id from a query string or a JSON number. */
const messageIdSchema = wholeNumber(M.invalidCursor).pipe(z.number().positive(M.invalidCursor));

/** The id of a stored Financial Agent answer (chat message ids are whole numbers from 1). */
const agentMessageIdSchema = wholeNumber(M.insightNeedsAgentAnswer).pipe(
  z.number().positive(M.insightNeedsAgentAnswer),
);

/** GET /api/direct-messages/{friendId}?cursor=&limit=: the newest page, or the page before `cursor`. */
export const conversationSchema = z.object({
  friendId: userIdSchema,
  cursor: messageIdSchema.optional(),
  limit: wholeNumber('limit must be a whole number')
    .pipe(z.number().min(1, 'limit must be at least 1'))
    .pipe(z.number().max(MAX_CONVERSATION_PAGE_SIZE, `limit must be at most ${MAX_CONVERSATION_PAGE_SIZE}`))
    .optional(),
});

/** Marks a friend's messages read, up to a message id (the ones shown) or all of them. */
export const markReadSchema = z.object({ friendId: userIdSchema, upToId: messageIdSchema.optional() });

/** social.messages: a reconnecting client passes the id of the last event it received (tRPC adds it). */
export const messageFeedSchema = z
  .object({ lastEventId: z.string().max(20).regex(/^\d+$/, 'lastEventId must be a message id').nullish() })
  .optional();
