import { randomBytes } from 'node:crypto';
import { sessionIdHash } from '../../src/server/crypto/sha256';
import { openDatabase, type DatabaseSettings } from '../../src/server/db/client';
import { tablesOf } from '../../src/server/db/schema';
import { insertUser } from '../../src/server/modules/auth/users';

export interface SeededUser {
  id: string;
  /** "tickwise_session=..." */
  cookie: string;
}

export interface Seed {
  users: SeededUser[];
  /** Friendships as index pairs into `users`. */
  friendships: Array<[number, number]>;
}

/**
 * `count` accounts with a live session each (written straight into the database: a thousand registrations would be
 * a thousand argon2 hashes and hit the per-address sign-up limit), each friends with its two neighbours on a ring.
 */
export async function seedSocialDatabase(settings: DatabaseSettings, count: number): Promise<Seed> {
  const handle = await openDatabase(settings);
  try {
    const now = Date.now();
    // 30 days, as lucia makes them: a session nearer its end would be extended (one write) on its first use.
    const expiresAt = Math.floor(now / 1000) + 30 * 24 * 3600;
    const users: SeededUser[] = [];
    const friendships: Array<[number, number]> = [];
    await handle.db.transaction(async (tx) => {
      const { friendRequests, sessions } = tablesOf(tx);
      for (let i = 0; i < count; i++) {
        const newUser = {
          email: `bench-${i}@example.com`,
          firstName: `Bench${i}`,
          lastName: 'User',
          passwordHash: 'x',
          createdAt: now,
        };
        // Two of a thousand random usernames collide about one seed in three. insertUser draws again, but on
        // PostgreSQL the failed insert has aborted the transaction: there each user goes in under a savepoint
        // (a nested transaction) that is retried instead.
        const user = settings.DATABASE_URL
          ? await withRetries(() => tx.transaction((sp) => insertUser(sp, newUser)))
          : await insertUser(tx, newUser);
        const sessionId = randomBytes(20).toString('hex');
        await tx.insert(sessions).values({ id: sessionIdHash(sessionId), userId: user.id, expiresAt });
        users.push({ id: user.id, cookie: `tickwise_session=${sessionId}` });
      }
      for (let i = 0; i < count; i++) {
        const j = (i + 1) % count;
        friendships.push([i, j]);
        await tx.insert(friendRequests).values({
          id: randomBytes(10).toString('hex'),
          senderId: users[i].id,
          receiverId: users[j].id,
          status: 'accepted',
          createdAt: now,
          updatedAt: now,
        });
      }
    });
    return { users, friendships };
  } finally {
    await handle.close();
  }
}

async function withRetries<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}
