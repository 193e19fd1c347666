import { generateIdFromEntropySize } from 'lucia';
import { EMPTY_MESSAGE, parseViewingPrefix, withViewingPrefix } from '../../../shared/chat/schemas';
import type {
  AnswerMeta,
  ChatMessageView,
  ChatStreamEvent,
  ConversationSummary,
  UsageAfter,
} from '../../../shared/chat/types';
import type { AgentAnswer } from '../../ai/agent';
import type { ConversationTurn } from '../../ai/engine';
import { reserveAgentTurn } from '../usage/meteredTurn';
import { userTools } from './userTools';
import type { AppDeps } from '../../depsTypes';
import { appError } from '../../errors/appError';
import type { UsageReservation } from '../usage/service';
import {
  deleteConversation,
  findOwnConversation,
  listConversations,
  listMessages,
  storeExchange,
  titleFor,
} from './conversations';

/** The Financial Agent's chat: one message in, one grounded answer out, stored in the user's conversation. */

export type ChatDeps = Pick<
  AppDeps,
  'ai' | 'market' | 'now' | 'db' | 'log' | 'usage' | 'turns' | 'ledgers' | 'ledgerEngine' | 'performance'
>;

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const CONVERSATION_DELETED_MID_ANSWER =
  'This conversation was deleted while the answer was being written, so the answer was not saved.';

export interface ChatTurnResult {
  conversationId: string;
  userMessage: ChatMessageView;
  message: ChatMessageView;
  answer: AgentAnswer;
  usage: UsageAfter;
}

export interface ChatMessageInput {
  message: string;
  conversationId?: string;
}

/** Where the allowance stands after this message; a refund (cut off by the timeout, not understood) already counted it back. */
function usageAfter(r: UsageReservation): UsageAfter {
  return { used: r.used, limit: r.limit, remaining: r.remaining, resetsAt: r.resetsAt };
}

function metaOf(answer: AgentAnswer): AnswerMeta {
  return {
    engine: answer.engine,
    figures: answer.figures,
    sources: answer.sources,
    artifacts: answer.artifacts,
    tools: answer.tools,
    verification: answer.verification,
    ...(answer.limitHit ? { limitHit: answer.limitHit } : {}),
    ...(answer.cutOff ? { cutOff: answer.cutOff } : {}),
  };
}

/** Earlier messages as the model reads them: questions with the chart they were asked about. */
function historyOf(messages: ChatMessageView[]): ConversationTurn[] {
  return messages.map((m) => ({
    role: m.role,
    content: m.role === 'user' ? withViewingPrefix(m.viewingSymbol, m.content) : m.content,
  }));
}

/** A chat message accepted: checked, its conversation found and its unit taken. `answer` runs the agent. */
export interface AcceptedChatMessage {
  /** `onEvent` streams the answer (chat.send); without it the caller waits for the whole answer (POST /api/chat). */
  answer(onEvent?: (event: ChatStreamEvent) => void, signal?: AbortSignal): Promise<ChatTurnResult>;
  /** Gives the unit back without answering (the streamed turn lost a race after accepting; see streamedTurn.ts). */
  withdraw(): Promise<void>;
}

/**
 * Accepts one chat message: refuses bad input (400), someone else's or a missing conversation (404)
 * and a message past the daily limit (429) before anything else happens. Costs one 'AI Chat Messages' unit, however
 * many tool rounds the answer takes (a forecast inside it also costs a graph generation); the unit is given back if
 * the engine fails, or if the exchange cannot be stored while the user has received none of the answer.
 */
export async function acceptChatMessage(
  deps: ChatDeps,
  userId: string,
  input: ChatMessageInput,
  /** Whether the agent may read the user's own data (portfolios); an insight, written to be shared, may not. */
  options: { userTools: boolean } = { userTools: true },
): Promise<AcceptedChatMessage> {
  const { viewingSymbol, text } = parseViewingPrefix(input.message);
  const question = text.trim();
  if (!question) throw appError('BAD_REQUEST', EMPTY_MESSAGE);

  let history: ConversationTurn[] = [];
  let conversationId = input.conversationId;
  let isNew = false;
  if (conversationId) {
    if (!(await findOwnConversation(deps.db, userId, conversationId))) {
      throw appError('NOT_FOUND', CONVERSATION_NOT_FOUND);
    }
    history = historyOf(await listMessages(deps.db, conversationId));
  } else {
    conversationId = generateIdFromEntropySize(10);
    isNew = true;
  }
  const id = conversationId;
  const askedAt = deps.now();
  const turn = await reserveAgentTurn(deps, 'chatMessages', userId);
  const { reservation } = turn;

  return {
    withdraw: () => reservation.refund(),
    async answer(onEvent, signal) {
      // Whether the user has part of the answer: streamed text since the engine last started over.
      let delivered = false;
      const emit = (event: ChatStreamEvent) => {
        if (event.type === 'token') delivered = onEvent !== undefined;
        if (event.type === 'reset') delivered = false;
        onEvent?.(event);
      };
      emit({ type: 'started', conversationId: id, usage: usageAfter(reservation) });
      const answer = await turn.run({
        userId,
        message: input.message,
        history,
        viewingSymbol,
        // 'How is my portfolio doing?': the user's own portfolios, read through get_portfolio.
        extraTools: options.userTools ? userTools(deps) : undefined,
        signal,
        onEvent: emit,
      });

      let stored: Awaited<ReturnType<typeof storeExchange>>;
      try {
        stored = await storeExchange(deps.db, {
          conversationId: id,
          userId,
          title: isNew ? titleFor(question) : null,
          question,
          viewingSymbol,
          answer: answer.content,
          meta: metaOf(answer),
          askedAt,
          answeredAt: Math.max(askedAt, deps.now()),
        });
      } catch (error) {
        // The conversation was deleted meanwhile (in another tab), or the disk failed. An answer the user already
        // read is paid for: refunding it would make deleting mid-answer a way around the daily limit.
        if (!delivered) {
          await reservation.refund();
          for (const charge of answer.charges) await charge.refund();
        }
        if (!isNew && !(await findOwnConversation(deps.db, userId, id))) {
          throw appError('NOT_FOUND', delivered ? CONVERSATION_DELETED_MID_ANSWER : CONVERSATION_NOT_FOUND);
        }
        throw error;
      }
      const usage = usageAfter(reservation);
      const result: ChatTurnResult = {
        conversationId: id,
        userMessage: stored.user,
        message: stored.assistant,
        answer,
        usage,
      };
      emit({
        type: 'done',
        conversationId: id,
        userMessage: stored.user,
        message: stored.assistant,
        usage: result.usage,
      });
      return result;
    },
  };
}

/** POST /api/chat: accepts the message and waits for the whole answer. */
export async function answerChatMessage(
  deps: ChatDeps,
  userId: string,
  input: ChatMessageInput,
): Promise<ChatTurnResult> {
  return (await acceptChatMessage(deps, userId, input)).answer();
}

/** POST /api/chat's answer: product.md's `{ response }`, plus what a richer client can use. */
export function toChatResponse(result: ChatTurnResult) {
  const { answer } = result;
  return {
    response: answer.contentWithFooter,
    conversationId: result.conversationId,
    messageId: result.message.id,
    content: answer.content,
    figures: answer.figures,
    verification: answer.verification,
    sources: answer.sources,
    artifacts: answer.artifacts,
    tools: answer.tools,
    engine: answer.engine,
    ...(answer.limitHit ? { limitHit: answer.limitHit } : {}),
    ...(answer.cutOff ? { cutOff: answer.cutOff } : {}),
    usage: result.usage,
  };
}

export async function conversationsOf(deps: Pick<AppDeps, 'db'>, userId: string): Promise<ConversationSummary[]> {
  return listConversations(deps.db, userId);
}

export async function conversationMessages(deps: Pick<AppDeps, 'db'>, userId: string, id: string) {
  const conversation = await findOwnConversation(deps.db, userId, id);
  if (!conversation) throw appError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  return {
    id: conversation.id,
    title: conversation.title,
    createdAt: new Date(conversation.createdAt).toISOString(),
    updatedAt: new Date(conversation.updatedAt).toISOString(),
    messages: await listMessages(deps.db, id),
  };
}

export async function removeConversation(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: string,
): Promise<{ deleted: true }> {
  if (!(await deleteConversation(deps.db, userId, id))) throw appError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  return { deleted: true };
}

/**
 * POST /api/ai/insight: an answer for the social hub to share, counted as one chat message. It is stored like any
 * chat answer (a conversation of its own in the Agent history, as the screen's Generate & Share stores its answer),
 * and `agentMessageId` names it: POST /api/direct-messages/send shares it by that id, with or without the `content`
 * and `metadata { question, generatedAt }` given here (issue 26: without a stored answer a programmatic client could
 * not share an insight at all). `content` carries the sources footer, so a shared insight keeps them. It has the
 * market tools only: an insight is written to be shared with a friend, so it never reads the user's portfolios.
 */
export async function answerInsight(deps: ChatDeps, userId: string, question: string) {
  const accepted = await acceptChatMessage(deps, userId, { message: question }, { userTools: false });
  const result = await accepted.answer();
  const { answer } = result;
  return {
    content: answer.contentWithFooter,
    agentMessageId: result.message.id,
    conversationId: result.conversationId,
    question: result.userMessage.content,
    generatedAt: result.message.timestamp,
    figures: answer.figures,
    verification: answer.verification,
    sources: answer.sources,
    usage: result.usage,
  };
}
