import { asc, eq, inArray, or } from 'drizzle-orm';
import { groupBy } from '../../../shared/groupBy';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import {
  chatConversations,
  chatMessages,
  directMessages,
  friendRequests,
  holdings,
  portfolios,
  users,
  watchlistSymbols,
  watchlists,
} from '../../db/schema';

/**
 * "Download my data": everything Tickwise keeps about the person, as JSON. The password hash is left out (it is
 * not theirs to read back, and nothing in it is personal data); times are UTC milliseconds, as stored.
 */

export interface AccountExport {
  exportedAt: string;
  profile: Omit<typeof users.$inferSelect, 'passwordHash'>;
  portfolios: Array<typeof portfolios.$inferSelect & { holdings: Array<typeof holdings.$inferSelect> }>;
  conversations: Array<typeof chatConversations.$inferSelect & { messages: Array<typeof chatMessages.$inferSelect> }>;
  /** Direct messages sent and received, oldest first. */
  directMessages: Array<typeof directMessages.$inferSelect>;
  /** Friend requests sent and received, any status. */
  friendRequests: Array<typeof friendRequests.$inferSelect>;
  /** Watchlists in creation order, each with its symbols in the person's order. */
  watchlists: Array<typeof watchlists.$inferSelect & { symbols: string[] }>;
}

/** The export for one user, read in one transaction so it is a consistent snapshot; null when there is no such user. */
export async function exportAccount(db: Db, userId: string, now: number): Promise<AccountExport | null> {
  return db.transaction(async (tx) => {
    const user = await first(tx.select().from(users).where(eq(users.id, userId)).limit(1));
    if (!user) return null;
    const { passwordHash: _hidden, ...profile } = user;

    const ownPortfolios = await tx
      .select()
      .from(portfolios)
      .where(eq(portfolios.userId, userId))
      .orderBy(asc(portfolios.createdAt));
    const portfolioIds = ownPortfolios.map((p) => p.id);
    const heldBy = groupBy(
      portfolioIds.length
        ? await tx
            .select()
            .from(holdings)
            .where(inArray(holdings.portfolioId, portfolioIds))
            .orderBy(asc(holdings.symbol))
        : [],
      (h) => h.portfolioId,
    );

    const conversations = await tx
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.userId, userId))
      .orderBy(asc(chatConversations.createdAt));
    const conversationIds = conversations.map((c) => c.id);
    const messagesOf = groupBy(
      conversationIds.length
        ? await tx
            .select()
            .from(chatMessages)
            .where(inArray(chatMessages.conversationId, conversationIds))
            .orderBy(asc(chatMessages.id))
        : [],
      (m) => m.conversationId,
    );

    const sentOrReceived = await tx
      .select()
      .from(directMessages)
      .where(or(eq(directMessages.senderId, userId), eq(directMessages.receiverId, userId)))
      .orderBy(asc(directMessages.id));
    const requests = await tx
      .select()
      .from(friendRequests)
      .where(or(eq(friendRequests.senderId, userId), eq(friendRequests.receiverId, userId)))
      .orderBy(asc(friendRequests.createdAt));

    const lists = await tx
      .select()
      .from(watchlists)
      .where(eq(watchlists.userId, userId))
      .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
    const listIds = lists.map((l) => l.id);
    const symbolsOf = groupBy(
      listIds.length
        ? await tx
            .select()
            .from(watchlistSymbols)
            .where(inArray(watchlistSymbols.watchlistId, listIds))
            .orderBy(asc(watchlistSymbols.position))
        : [],
      (s) => s.watchlistId,
    );

    return {
      exportedAt: new Date(now).toISOString(),
      profile,
      portfolios: ownPortfolios.map((p) => ({ ...p, holdings: heldBy.get(p.id) ?? [] })),
      conversations: conversations.map((c) => ({ ...c, messages: messagesOf.get(c.id) ?? [] })),
      directMessages: sentOrReceived,
      friendRequests: requests,
      watchlists: lists.map((l) => ({ ...l, symbols: (symbolsOf.get(l.id) ?? []).map((s) => s.symbol) })),
    };
  });
}
