import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import { groupBy } from '../../../shared/groupBy';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type {
  users,
  portfolios,
  holdings,
  portfolioActivities,
  chatConversations,
  chatMessages,
  chatTurns,
  directMessages,
  friendRequests,
  userBlocks,
  usageCounters,
  signInAttempts,
  watchlists,
} from '../../db/sqliteSchema';

/**
 * "Download my data": everything Tickwise keeps about the person, as JSON (issue 26: the ledger, blocks, usage and
 * sign-in records were missing). Times are UTC milliseconds, as stored. Left out, on purpose:
 * - secrets: the password hash, the stored hashes of session ids and reset links (a session or link is listed by
 *   when it expires), neither theirs to read back nor personal data;
 * - whom a pending request they sent went to: a request to an address without an account, a banned one or across a
 *   block is kept only as a hash (social/unseenRequests.ts) and must read like any other, or the export would tell
 *   which addresses have accounts. Their pending requests are listed by id and date alone, seen or not;
 * - who blocked them (blocks they made are theirs).
 */

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export interface AccountExport {
  exportedAt: string;
  profile: Omit<Row<typeof users>, 'passwordHash'>;
  /** Each portfolio with its holdings and its ledger (activities in ledger order: date, then entry). */
  portfolios: Array<
    Row<typeof portfolios> & {
      holdings: Array<Row<typeof holdings>>;
      activities: Array<Row<typeof portfolioActivities>>;
    }
  >;
  conversations: Array<Row<typeof chatConversations> & { messages: Array<Row<typeof chatMessages>> }>;
  /** Streamed agent answers as recorded while they ran (kept about an hour; the answers live in the conversations). */
  streamedAnswers: Array<Row<typeof chatTurns>>;
  /** Direct messages sent and received, oldest first. */
  directMessages: Array<Row<typeof directMessages>>;
  /** Friend requests received (any status), and those sent that were answered. */
  friendRequests: Array<Row<typeof friendRequests>>;
  /** Friend requests sent that await an answer: id and date only (see above). */
  pendingRequestsSent: Array<{ id: string; createdAt: number }>;
  /** People this person blocked. */
  blocks: Array<Row<typeof userBlocks>>;
  /** Daily usage of the limited features. */
  usage: Array<Row<typeof usageCounters>>;
  /** Sign-ins, registrations and password checks for this email (kept a day): when, from where, whether they worked. */
  signInRecords: Array<Omit<Row<typeof signInAttempts>, 'email'>>;
  /** Signed-in sessions, by expiry (seconds since the epoch, as lucia stores it). */
  sessions: Array<{ expiresAt: number }>;
  /** An unused password reset link, by when it was made and expires. */
  passwordResetLinks: Array<{ createdAt: number; expiresAt: number }>;
  /** Watchlists in creation order, each with its symbols in the person's order. */
  watchlists: Array<Row<typeof watchlists> & { symbols: string[] }>;
}

/** The export for one user, read in one transaction so it is a consistent snapshot; null when there is no such user. */
export async function exportAccount(db: Db, userId: string, now: number): Promise<AccountExport | null> {
  return db.transaction(async (tx) => {
    const {
      chatTurns,
      directMessages,
      passwordResetTokens,
      sessions,
      signInAttempts,
      usageCounters,
      userBlocks,
      users,
    } = tablesOf(tx);
    const user = await first(tx.select().from(users).where(eq(users.id, userId)).limit(1));
    if (!user) return null;
    const { passwordHash: _hidden, ...profile } = user;
    return {
      exportedAt: new Date(now).toISOString(),
      profile,
      portfolios: await portfoliosOf(tx, userId),
      conversations: await conversationsOf(tx, userId),
      streamedAnswers: await tx
        .select()
        .from(chatTurns)
        .where(eq(chatTurns.userId, userId))
        .orderBy(asc(chatTurns.updatedAt)),
      directMessages: await tx
        .select()
        .from(directMessages)
        .where(or(eq(directMessages.senderId, userId), eq(directMessages.receiverId, userId)))
        .orderBy(asc(directMessages.id)),
      ...(await friendRequestsOf(tx, userId)),
      blocks: await tx
        .select()
        .from(userBlocks)
        .where(eq(userBlocks.blockerId, userId))
        .orderBy(asc(userBlocks.createdAt)),
      usage: await tx
        .select()
        .from(usageCounters)
        .where(eq(usageCounters.userId, userId))
        .orderBy(asc(usageCounters.day), asc(usageCounters.feature)),
      signInRecords: await tx
        .select({
          id: signInAttempts.id,
          kind: signInAttempts.kind,
          ip: signInAttempts.ip,
          succeeded: signInAttempts.succeeded,
          createdAt: signInAttempts.createdAt,
        })
        .from(signInAttempts)
        .where(eq(signInAttempts.email, user.email))
        .orderBy(asc(signInAttempts.id)),
      sessions: await tx
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.expiresAt)),
      passwordResetLinks: await tx
        .select({ createdAt: passwordResetTokens.createdAt, expiresAt: passwordResetTokens.expiresAt })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, userId)),
      watchlists: await watchlistsOf(tx, userId),
    };
  });
}

async function portfoliosOf(tx: Db, userId: string): Promise<AccountExport['portfolios']> {
  const { holdings, portfolioActivities, portfolios } = tablesOf(tx);
  const own = await tx
    .select()
    .from(portfolios)
    .where(eq(portfolios.userId, userId))
    .orderBy(asc(portfolios.createdAt));
  const ids = own.map((p) => p.id);
  if (ids.length === 0) return [];
  const heldBy = groupBy(
    await tx.select().from(holdings).where(inArray(holdings.portfolioId, ids)).orderBy(asc(holdings.symbol)),
    (h) => h.portfolioId,
  );
  const ledgerOf = groupBy(
    await tx
      .select()
      .from(portfolioActivities)
      .where(inArray(portfolioActivities.portfolioId, ids))
      .orderBy(asc(portfolioActivities.date), asc(portfolioActivities.createdAt), asc(portfolioActivities.id)),
    (a) => a.portfolioId,
  );
  return own.map((p) => ({ ...p, holdings: heldBy.get(p.id) ?? [], activities: ledgerOf.get(p.id) ?? [] }));
}

async function conversationsOf(tx: Db, userId: string): Promise<AccountExport['conversations']> {
  const { chatConversations, chatMessages } = tablesOf(tx);
  const conversations = await tx
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.userId, userId))
    .orderBy(asc(chatConversations.createdAt));
  const ids = conversations.map((c) => c.id);
  const messagesOf = groupBy(
    ids.length
      ? await tx
          .select()
          .from(chatMessages)
          .where(inArray(chatMessages.conversationId, ids))
          .orderBy(asc(chatMessages.id))
      : [],
    (m) => m.conversationId,
  );
  return conversations.map((c) => ({ ...c, messages: messagesOf.get(c.id) ?? [] }));
}

async function friendRequestsOf(
  tx: Db,
  userId: string,
): Promise<Pick<AccountExport, 'friendRequests' | 'pendingRequestsSent'>> {
  const { friendRequests, unseenFriendRequests } = tablesOf(tx);
  const answeredOrReceived = await tx
    .select()
    .from(friendRequests)
    .where(
      or(
        eq(friendRequests.receiverId, userId),
        and(eq(friendRequests.senderId, userId), ne(friendRequests.status, 'pending')),
      ),
    )
    .orderBy(asc(friendRequests.createdAt));
  const pendingSeen = await tx
    .select({ id: friendRequests.id, createdAt: friendRequests.createdAt })
    .from(friendRequests)
    .where(and(eq(friendRequests.senderId, userId), eq(friendRequests.status, 'pending')));
  const pendingUnseen = await tx
    .select({ id: unseenFriendRequests.id, createdAt: unseenFriendRequests.createdAt })
    .from(unseenFriendRequests)
    .where(eq(unseenFriendRequests.senderId, userId));
  return {
    friendRequests: answeredOrReceived,
    pendingRequestsSent: [...pendingSeen, ...pendingUnseen].sort((a, b) => a.createdAt - b.createdAt),
  };
}

async function watchlistsOf(tx: Db, userId: string): Promise<AccountExport['watchlists']> {
  const { watchlistSymbols, watchlists } = tablesOf(tx);
  const lists = await tx
    .select()
    .from(watchlists)
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
  const ids = lists.map((l) => l.id);
  if (ids.length === 0) return [];
  const symbolsOf = groupBy(
    await tx
      .select()
      .from(watchlistSymbols)
      .where(inArray(watchlistSymbols.watchlistId, ids))
      .orderBy(asc(watchlistSymbols.position)),
    (s) => s.watchlistId,
  );
  return lists.map((l) => ({ ...l, symbols: (symbolsOf.get(l.id) ?? []).map((s) => s.symbol) }));
}
