import { Lucia, TimeSpan } from 'lucia';
import type { Db } from '../../db/client';
import type { users } from '../../db/sqliteSchema';
import { SessionStore } from './sessionStore';

export const SESSION_COOKIE_NAME = 'tickwise_session';

/** Session handling: HttpOnly, SameSite=Lax cookies; `Secure` is set per request when served over https. */
export function createLucia(db: Db) {
  return new Lucia(new SessionStore(db), {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: {
      name: SESSION_COOKIE_NAME,
      attributes: { secure: false, sameSite: 'lax' },
    },
    // Never hand the password hash on: list the public fields one by one.
    getUserAttributes: (row) => ({
      email: row.email,
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      displayName: row.displayName,
      profileImageUrl: row.profileImageUrl,
      plan: row.plan,
      banned: Boolean(row.banned),
      createdAt: row.createdAt,
    }),
  });
}

export type AppLucia = ReturnType<typeof createLucia>;

/** The session store selects through drizzle, so rows arrive with the schema's property names (no password hash). */
type DatabaseUserAttributes = Omit<typeof users.$inferSelect, 'id' | 'passwordHash'>;

declare module 'lucia' {
  interface Register {
    Lucia: AppLucia;
    DatabaseUserAttributes: DatabaseUserAttributes;
  }
}
