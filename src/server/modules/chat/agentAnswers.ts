import { and, desc, eq, lt } from 'drizzle-orm';
import type { SourceRef, Verification } from '../../../shared/chat/types';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type { MessageMeta } from './conversations';

/** One stored Financial Agent answer with the question it answers, as the social hub shares it. */
export interface OwnAgentAnswer {
  question: string;
  content: string;
  /** What the tools returned while answering, as stored with the answer. */
  sources: SourceRef[];
  verification: Verification;
  answeredAt: number;
}

/**
 * The assistant message `messageId` of one of `userId`'s own conversations, or undefined: someone else's answer,
 * a question (user message) and a missing id all look the same. The question is the user message just before it.
 */
export async function findOwnAgentAnswer(
  db: Db,
  userId: string,
  messageId: number,
): Promise<OwnAgentAnswer | undefined> {
  const { chatConversations, chatMessages } = tablesOf(db);
  const answer = await first(
    db
      .select({
        conversationId: chatMessages.conversationId,
        content: chatMessages.content,
        meta: chatMessages.meta,
        createdAt: chatMessages.createdAt,
      })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(
        and(eq(chatMessages.id, messageId), eq(chatMessages.role, 'assistant'), eq(chatConversations.userId, userId)),
      )
      .limit(1),
  );
  if (!answer) return undefined;
  const question = await first(
    db
      .select({ content: chatMessages.content })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, answer.conversationId),
          eq(chatMessages.role, 'user'),
          lt(chatMessages.id, messageId),
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(1),
  );
  const meta = answer.meta ? (JSON.parse(answer.meta) as MessageMeta) : {};
  return {
    question: question?.content ?? '',
    content: answer.content,
    sources: meta.answer?.sources ?? [],
    verification: meta.answer?.verification ?? { verified: 0, total: 0 },
    answeredAt: answer.createdAt,
  };
}
