import { z } from 'zod';
import { MAX_CHAT_MESSAGE_LENGTH } from '../chat/schemas';
import { userText } from '../schemas/text';
import {
  MAX_CONVERSATION_PAGE_SIZE,
  MAX_INSIGHT_LENGTH,
  MAX_INSIGHT_SOURCES,
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
export const friendRequestIdSchema = requiredText(M.invalidRequestId).pipe(z.string().regex(idPattern, M.invalidRequestId));

/** GET /api/users/search?q=: a name or username prefix, or an exact email. */
export const userSearchSchema = z.object({
  q: requiredText(M.searchRequired).pipe(
    userText().trim().min(USER_SEARCH_MIN_LENGTH, M.searchTooShort).max(USER_SEARCH_MAX_LENGTH, 'q is too long'),
  ),
});

/** POST /api/friend-requests/send: `username` is an email or a username (the spec's client passes the email). */
export const sendFriendRequestSchema = z.object({
  username: requiredText(M.usernameRequired).pipe(userText().trim().min(1, M.usernameRequired).max(USER_SEARCH_MAX_LENGTH, M.userNotFound)),
});

export const friendRequestActionSchema = z.object({ id: friendRequestIdSchema });

/** Unfriend names the friend; block and unblock name anyone. */
export const friendIdSchema = z.object({ friendId: userIdSchema });
export const otherUserSchema = z.object({ userId: userIdSchema });

/** Short labels an insight's sources carry (tool, provider, subject...). */
const label = (max: number) => userText().max(max, `must be at most ${max} characters`);
const isoTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time' });

export const sourceRefSchema = z.object({
  tool: label(64),
  provider: label(64),
  simulated: z.boolean({ error: 'simulated must be true or false' }),
  label: label(120),
  asOf: isoTime,
  subject: label(120),
});

export const insightMetadataSchema = z.object(
  {
    question: requiredText('metadata.question is required').pipe(
      userText().trim().min(1, 'Question cannot be empty').max(MAX_CHAT_MESSAGE_LENGTH, `Question must be at most ${MAX_CHAT_MESSAGE_LENGTH} characters`),
    ),
    generatedAt: isoTime.transform((v) => new Date(v).toISOString()),
    sources: z.array(sourceRefSchema).max(MAX_INSIGHT_SOURCES, `At most ${MAX_INSIGHT_SOURCES} sources`).optional(),
  },
  { error: M.insightNeedsMetadata },
);

/**
 * POST /api/direct-messages/send (SPEC section 7). Text: 1-2,000 characters, not blank, no metadata. Insight: the
 * agent's answer (up to 8,000) with metadata { question, generatedAt, sources? }.
 */
export const sendMessageSchema = z
  .object({
    receiverId: userIdSchema,
    content: requiredText(M.contentRequired).pipe(userText().trim().min(1, M.contentRequired)),
    messageType: z.enum(['text', 'insight'], { error: M.messageTypeInvalid }).default('text'),
    metadata: z.unknown().optional(),
  })
  .transform((input, ctx) => {
    const { receiverId, content, messageType } = input;
    if (messageType === 'text') {
      if (content.length > MAX_MESSAGE_LENGTH) ctx.addIssue({ code: 'custom', path: ['content'], message: M.contentTooLong });
      if (input.metadata !== undefined && input.metadata !== null) {
        ctx.addIssue({ code: 'custom', path: ['metadata'], message: M.textTakesNoMetadata });
      }
      return { receiverId, content, messageType, metadata: null };
    }
    if (content.length > MAX_INSIGHT_LENGTH) ctx.addIssue({ code: 'custom', path: ['content'], message: M.insightTooLong });
    const metadata = insightMetadataSchema.safeParse(input.metadata ?? undefined);
    if (!metadata.success) {
      for (const issue of metadata.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['metadata', ...issue.path.map(String)], message: input.metadata == null ? M.insightNeedsMetadata : issue.message });
      }
      return z.NEVER;
    }
    return { receiverId, content, messageType, metadata: metadata.data };
  });
export type SendMessageInput = z.output<typeof sendMessageSchema>;

/** A whole number from a query string ('30') or JSON (30); true, [5] or '0x1e' are not numbers here. */
function wholeNumber(message: string) {
  return z
    .union([z.number(), z.string().regex(/^\d{1,16}$/)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).max(Number.MAX_SAFE_INTEGER, message));
}

/** A message id from a query string or a JSON number. */
const messageIdSchema = wholeNumber(M.invalidCursor).pipe(z.number().positive(M.invalidCursor));

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
