import { eq, lte } from 'drizzle-orm';
import type { Adapter, DatabaseSession, DatabaseUser } from 'lucia';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { sessions, users } from '../../db/schema';

/**
 * lucia's session storage over the data interface, so sessions live in whichever database the server runs on and a
 * session made on one instance is valid on every other. It replaces @lucia-auth/adapter-drizzle, whose adapters are
 * one per dialect. Expiry is stored in whole seconds, as that adapter stored it, so existing sessions stay valid.
 */
export class SessionStore implements Adapter {
  constructor(private readonly db: Db) {}

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const row = await first(
      this.db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sessionId))
        .limit(1),
    );
    if (!row) return [null, null];
    const { id, ...attributes } = row.user;
    return [toSession(row.session), { id, attributes }];
  }

  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const rows = await this.db.select().from(sessions).where(eq(sessions.userId, userId));
    return rows.map(toSession);
  }

  async setSession(session: DatabaseSession): Promise<void> {
    await this.db
      .insert(sessions)
      .values({ id: session.id, userId: session.userId, expiresAt: seconds(session.expiresAt) });
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ expiresAt: seconds(expiresAt) })
      .where(eq(sessions.id, sessionId));
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db.delete(sessions).where(lte(sessions.expiresAt, seconds(new Date())));
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toSession(row: typeof sessions.$inferSelect): DatabaseSession {
  return { id: row.id, userId: row.userId, expiresAt: new Date(row.expiresAt * 1000), attributes: {} };
}
