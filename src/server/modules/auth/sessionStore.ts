import { eq, getTableColumns, lte, sql } from 'drizzle-orm';
import type { Adapter, DatabaseSession, DatabaseUser } from 'lucia';
import { sessionIdHash } from '../../crypto/sha256';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type { sessions } from '../../db/sqliteSchema';

/**
 * lucia's session storage over the data interface, so sessions live in whichever database the server runs on and a
 * session made on one instance is valid on every other. It replaces @lucia-auth/adapter-drizzle, whose adapters are
 * one per dialect. Expiry is stored in whole seconds, as that adapter stored it.
 *
 * The table keys each session by the SHA-256 of its id (issue 26): lucia hands us the id from the cookie, and every
 * method hashes it on the way in, so neither a read of the table nor a failed query's parameters in a log yield a
 * cookie that signs in. On the way out, `getSessionAndUser` answers with the id it was asked about; the sessions of
 * `getUserSessions` carry the stored hashes, as the ids themselves are not kept anywhere (nothing here uses them).
 */
/**
 * Every signed-in request's first read (one round trip for both): prepared once per handle (db/prepared.ts). The user
 * without their password hash, which no request but a password check needs (those read it themselves): it is not
 * carried through every request's context, and is not read, sent and parsed a thousand times a second.
 */
const sessionWithUser = preparedQuery('session_with_user', (db) => {
  const { sessions, users } = tablesOf(db);
  const { passwordHash: _passwordHash, ...userColumns } = getTableColumns(users);
  return db
    .select({ session: sessions, user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('hash')))
    .limit(1);
});

export class SessionStore implements Adapter {
  constructor(private readonly db: Db) {}

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const row = await first(sessionWithUser(this.db).execute({ hash: sessionIdHash(sessionId) }));
    if (!row) return [null, null];
    const { id, ...attributes } = row.user;
    return [toSession(sessionId, row.session), { id, attributes }];
  }

  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const { sessions } = tablesOf(this.db);
    const rows = await this.db.select().from(sessions).where(eq(sessions.userId, userId));
    return rows.map((row) => toSession(row.id, row));
  }

  async setSession(session: DatabaseSession): Promise<void> {
    const { sessions } = tablesOf(this.db);
    await this.db
      .insert(sessions)
      .values({ id: sessionIdHash(session.id), userId: session.userId, expiresAt: seconds(session.expiresAt) });
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    const { sessions } = tablesOf(this.db);
    await this.db
      .update(sessions)
      .set({ expiresAt: seconds(expiresAt) })
      .where(eq(sessions.id, sessionIdHash(sessionId)));
  }

  async deleteSession(sessionId: string): Promise<void> {
    const { sessions } = tablesOf(this.db);
    await this.db.delete(sessions).where(eq(sessions.id, sessionIdHash(sessionId)));
  }

  async deleteUserSessions(userId: string): Promise<void> {
    const { sessions } = tablesOf(this.db);
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  async deleteExpiredSessions(): Promise<void> {
    const { sessions } = tablesOf(this.db);
    await this.db.delete(sessions).where(lte(sessions.expiresAt, seconds(new Date())));
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toSession(id: string, row: typeof sessions.$inferSelect): DatabaseSession {
  return { id, userId: row.userId, expiresAt: new Date(row.expiresAt * 1000), attributes: {} };
}
