import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import { acceptedRequestBetween } from './friendships';
import { nthRecentSendQuery } from './messageRows';

export interface SendChecks {
  /** Friends, the receiver not banned (a banned friend is as absent as a stranger). */
  friends: boolean;
  /** When the sender sent their n-th most recent message, if they sent that many: the rate limit's reading. */
  nthLastSent: number | undefined;
}

/**
 * The condition a send's insert carries (db/insertWhen.ts): friends, the receiver there and not banned, and the
 * sender's `n`-th most recent message (if any) sent at or before `cutoff`. The same rules as `sendChecks` below, which
 * says which of them failed when the insert stored nothing.
 */
export function sendAllowed(db: Db, senderId: string, receiverId: string, n: number, cutoff: number): SQL {
  const { users } = tablesOf(db);
  const receiver = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, receiverId), eq(users.banned, false)));
  return sql`exists ${acceptedRequestBetween(db, senderId, receiverId)} and exists ${receiver}
    and coalesce(${nthRecentSendQuery(db, senderId, n)}, ${cutoff}) <= ${cutoff}`;
}

/** `exists (...)` is a boolean on PostgreSQL and 0 or 1 on SQLite. */
const truthy = (value: unknown): boolean => value === true || value === 1;

/**
 * Why a send's insert was refused (`sendAllowed` did not hold), read in one statement: whether the two are friends,
 * and when the sender sent their `n`-th most recent message. The receiver's row carries both as subqueries (drizzle
 * writes an embedded query in parentheses); no row means no such receiver, or a banned one.
 */
export async function sendChecks(db: Db, senderId: string, receiverId: string, n: number): Promise<SendChecks> {
  const { users } = tablesOf(db);
  const row = await first(
    db
      .select({
        friends: sql<boolean>`exists ${acceptedRequestBetween(db, senderId, receiverId)}`.mapWith(truthy),
        nthLastSent: sql<number | null>`${nthRecentSendQuery(db, senderId, n)}`.mapWith(Number),
      })
      .from(users)
      .where(and(eq(users.id, receiverId), eq(users.banned, false)))
      .limit(1),
  );
  return {
    friends: senderId !== receiverId && row?.friends === true,
    nthLastSent: row?.nthLastSent ?? undefined,
  };
}
