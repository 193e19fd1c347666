import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { AnswerMeta, ChatMessageView, ConversationSummary } from '../../../shared/chat/types';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type { chatMessages } from '../../db/sqliteSchema';

/** Conversation and message rows in and out of the database. Every read is scoped to its owner. */

type MessageRow = typeof chatMessages.$inferSelect;

/** Stored in chat_messages.meta. */
export interface MessageMeta {
  viewingSymbol?: string;
  answer?: AnswerMeta;
}

export const MAX_LISTED_CONVERSATIONS = 50;
export const TITLE_LENGTH = 60;

export function titleFor(question: string): string {
  const oneLine = question.replace(/\s+/g, ' ').trim();
  return oneLine.length > TITLE_LENGTH ? `${oneLine.slice(0, TITLE_LENGTH - 1).trimEnd()}…` : oneLine;
}

export async function findOwnConversation(db: Db, userId: string, id: string) {
  const { chatConversations } = tablesOf(db);
  return first(
    db
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
      .limit(1),
  );
}

export async function listConversations(db: Db, userId: string): Promise<ConversationSummary[]> {
  const { chatConversations, chatMessages } = tablesOf(db);
  const rows = await db
    .select({
      id: chatConversations.id,
      title: chatConversations.title,
      createdAt: chatConversations.createdAt,
      updatedAt: chatConversations.updatedAt,
      messageCount: count(chatMessages.id),
    })
    .from(chatConversations)
    .leftJoin(chatMessages, eq(chatMessages.conversationId, chatConversations.id))
    .where(eq(chatConversations.userId, userId))
    .groupBy(chatConversations.id)
    .orderBy(desc(chatConversations.updatedAt))
    .limit(MAX_LISTED_CONVERSATIONS);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    messageCount: r.messageCount,
  }));
}

export function toMessageView(row: MessageRow): ChatMessageView {
  const meta = row.meta ? (JSON.parse(row.meta) as MessageMeta) : {};
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    timestamp: new Date(row.createdAt).toISOString(),
    ...(meta.viewingSymbol ? { viewingSymbol: meta.viewingSymbol } : {}),
    ...(meta.answer ? { answer: meta.answer } : {}),
  };
}

export async function listMessages(db: Db, conversationId: string): Promise<ChatMessageView[]> {
  const { chatMessages } = tablesOf(db);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.id));
  return rows.map(toMessageView);
}

export interface NewExchange {
  conversationId: string;
  userId: string;
  /** Set when the conversation is new: the row is created with the exchange. */
  title: string | null;
  question: string;
  viewingSymbol: string | null;
  answer: string;
  meta: AnswerMeta;
  askedAt: number;
  answeredAt: number;
}

/** Stores a question and its answer together (one transaction): history never holds a question without its reply. */
export async function storeExchange(
  db: Db,
  exchange: NewExchange,
): Promise<{ user: ChatMessageView; assistant: ChatMessageView }> {
  return db.transaction(async (tx) => {
    const { chatConversations, chatMessages } = tablesOf(tx);
    if (exchange.title !== null) {
      await tx.insert(chatConversations).values({
        id: exchange.conversationId,
        userId: exchange.userId,
        title: exchange.title,
        createdAt: exchange.askedAt,
        updatedAt: exchange.answeredAt,
      });
    } else {
      await tx
        .update(chatConversations)
        .set({ updatedAt: exchange.answeredAt })
        .where(eq(chatConversations.id, exchange.conversationId));
    }
    const userMeta: MessageMeta = exchange.viewingSymbol ? { viewingSymbol: exchange.viewingSymbol } : {};
    const [user] = await tx
      .insert(chatMessages)
      .values({
        conversationId: exchange.conversationId,
        role: 'user',
        content: exchange.question,
        meta: Object.keys(userMeta).length ? JSON.stringify(userMeta) : null,
        createdAt: exchange.askedAt,
      })
      .returning();
    const [assistant] = await tx
      .insert(chatMessages)
      .values({
        conversationId: exchange.conversationId,
        role: 'assistant',
        content: exchange.answer,
        meta: JSON.stringify({ answer: exchange.meta } satisfies MessageMeta),
        createdAt: exchange.answeredAt,
      })
      .returning();
    return { user: toMessageView(user), assistant: toMessageView(assistant) };
  });
}

/** Deletes an owned conversation and its messages; false when there was none to delete. */
export async function deleteConversation(db: Db, userId: string, id: string): Promise<boolean> {
  const { chatConversations } = tablesOf(db);
  const deleted = await db
    .delete(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
    .returning({ id: chatConversations.id });
  return deleted.length > 0;
}
