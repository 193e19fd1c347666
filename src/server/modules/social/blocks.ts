import { and, asc, eq, exists, or, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { SocialPerson } from '../../../shared/social/types';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf, type Tables } from '../../db/schema';
import { personColumns, toSocialPerson } from './people';

/** Who blocked whom, read both ways: a block hides the two people from each other whoever made it. */

const eitherWay = (userBlocks: Tables['userBlocks'], a: string | AnySQLiteColumn, b: string | AnySQLiteColumn) =>
  or(
    and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
    and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
  );

export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const { userBlocks } = tablesOf(db);
  return Boolean(
    await first(
      db
        .select({ one: userBlocks.blockerId })
        .from(userBlocks)
        .where(eitherWay(userBlocks, a, b))
        .limit(1),
    ),
  );
}

/** A condition for queries over people: true for rows (`personId`) that `me` blocked or that blocked `me`. */
export function blockedWith(db: Db, me: string, personId: AnySQLiteColumn): SQL {
  const { userBlocks } = tablesOf(db);
  return exists(
    db
      .select({ one: userBlocks.blockerId })
      .from(userBlocks)
      .where(eitherWay(userBlocks, me, personId)),
  );
}

/** Records that `blockerId` blocked `blockedId`; blocking twice is the same block. */
export async function insertBlock(db: Db, blockerId: string, blockedId: string, now: number): Promise<void> {
  const { userBlocks } = tablesOf(db);
  await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
}

/** Lifts the caller's own block; true when there was one. Someone else's block on the caller stays. */
export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const { userBlocks } = tablesOf(db);
  const deleted = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ blockerId: userBlocks.blockerId });
  return deleted.length > 0;
}

/** GET /api/users/blocked: the people the caller blocked (not who blocked them: that stays unseen), by name. */
export async function listBlocked(db: Db, me: string): Promise<SocialPerson[]> {
  const { userBlocks, users } = tablesOf(db);
  const rows = await db
    .select(personColumns(users))
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, me))
    .orderBy(asc(users.displayName), asc(users.username));
  return rows.map(toSocialPerson);
}
