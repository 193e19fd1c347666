import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { AnswerMeta, ChatMessageView, ConversationSummary } from '../../../shared/chat/types';
import type { Db } from '../../db/client';
import { chatConversations, chatMessages } from '../../db/schema';

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

export function findOwnConversation(db: Db, userId: string, id: string) {
  return db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
    .get();
}

export function listConversations(db: Db, userId: string): ConversationSummary[] {
  const rows = db
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
    .limit(MAX_LISTED_CONVERSATIONS)
    .all();
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

export function listMessages(db: Db, conversationId: string): ChatMessageView[] {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.id))
    .all()
    .map(toMessageView);
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
export function storeExchange(db: Db, exchange: NewExchange): { user: ChatMessageView; assistant: ChatMessageView } {
  return db.transaction((tx) => {
    if (exchange.title !== null) {
      tx.insert(chatConversations)
        .values({
          id: exchange.conversationId,
          userId: exchange.userId,
          title: exchange.title,
          createdAt: exchange.askedAt,
          updatedAt: exchange.answeredAt,
        })
        .run();
    } else {
      tx.update(chatConversations)
        .set({ updatedAt: exchange.answeredAt })
        .where(eq(chatConversations.id, exchange.conversationId))
        .run();
    }
    const userMeta: MessageMeta = exchange.viewingSymbol ? { viewingSymbol: exchange.viewingSymbol } : {};
    const user = tx
      .insert(chatMessages)
      .values({
        conversationId: exchange.conversationId,
        role: 'user',
        content: exchange.question,
        meta: Object.keys(userMeta).length ? JSON.stringify(userMeta) : null,
        createdAt: exchange.askedAt,
      })
      .returning()
      .get();
    const assistant = tx
      .insert(chatMessages)
      .values({
        conversationId: exchange.conversationId,
        role: 'assistant',
        content: exchange.answer,
        meta: JSON.stringify({ answer: exchange.meta } satisfies MessageMeta),
        createdAt: exchange.answeredAt,
      })
      .returning()
      .get();
    return { user: toMessageView(user), assistant: toMessageView(assistant) };
  });
}

/** Deletes an owned conversation and its messages; false when there was none to delete. */
export function deleteConversation(db: Db, userId: string, id: string): boolean {
  const result = db
    .delete(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
    .run();
  return result.changes > 0;
}
