import { count } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqlite, type DbHandle } from '../../src/server/db/client';
import { chatTurns, signInAttempts, usedCaptchaTokens, users } from '../../src/server/db/sqliteSchema';
import {
  KEEP_ABANDONED_CHAT_TURNS_MS,
  KEEP_FINISHED_CHAT_TURNS_MS,
  KEEP_SIGN_IN_ATTEMPTS_MS,
  runMaintenance,
  startMaintenance,
} from '../../src/server/maintenance';

const T0 = Date.UTC(2025, 3, 1, 8, 0);

let handle: DbHandle;
beforeEach(() => {
  handle = openSqlite(':memory:');
});
afterEach(async () => {
  vi.useRealTimers();
  await handle.close();
});

async function insertAttempt(createdAt: number) {
  await handle.db
    .insert(signInAttempts)
    .values({ kind: 'sign-in', email: 'a@b.co', ip: '1.1.1.1', succeeded: false, createdAt });
}
const attempts = async () => (await handle.db.select({ n: count() }).from(signInAttempts))[0].n;

describe('runMaintenance', () => {
  it('keeps sign-in attempts for a day, to the millisecond', async () => {
    await insertAttempt(T0 - KEEP_SIGN_IN_ATTEMPTS_MS);
    await insertAttempt(T0 - KEEP_SIGN_IN_ATTEMPTS_MS + 1);
    expect(await runMaintenance(handle.db, T0 + 1)).toEqual({
      expiredSessions: 0,
      oldSignInAttempts: 1,
      spentCaptchaTokens: 0,
      oldChatTurns: 0,
    });
    expect(await attempts()).toBe(1);
  });

  it('deletes spent captcha tokens once expired, never before', async () => {
    await handle.db.insert(usedCaptchaTokens).values([
      { nonce: 'old', expiresAt: T0 - 1 },
      { nonce: 'live', expiresAt: T0 + 1 },
    ]);
    expect((await runMaintenance(handle.db, T0)).spentCaptchaTokens).toBe(1);
    expect(await handle.db.select({ nonce: usedCaptchaTokens.nonce }).from(usedCaptchaTokens)).toEqual([
      { nonce: 'live' },
    ]);
  });
});

describe('runMaintenance and streamed answers (chat_turns)', () => {
  it('deletes finished answers after two minutes, and unfinished ones only once long abandoned', async () => {
    await handle.db.insert(users).values({
      id: 'u1',
      email: 'u1@example.com',
      username: 'u1',
      firstName: 'U',
      lastName: 'One',
      displayName: 'U One',
      passwordHash: 'x',
      createdAt: T0,
    });
    const turn = (requestId: string, done: boolean, updatedAt: number) => ({
      userId: 'u1',
      requestId,
      events: '',
      done,
      updatedAt,
    });
    await handle.db
      .insert(chatTurns)
      .values([
        turn('finished-old', true, T0 - KEEP_FINISHED_CHAT_TURNS_MS - 1),
        turn('finished-recent', true, T0 - KEEP_FINISHED_CHAT_TURNS_MS + 1),
        turn('running', false, T0 - KEEP_FINISHED_CHAT_TURNS_MS - 1),
        turn('abandoned', false, T0 - KEEP_ABANDONED_CHAT_TURNS_MS - 1),
      ]);
    expect((await runMaintenance(handle.db, T0)).oldChatTurns).toBe(2);
    const left = await handle.db.select({ requestId: chatTurns.requestId }).from(chatTurns);
    expect(left.map((r) => r.requestId).sort()).toEqual(['finished-recent', 'running']);
  });
});

describe('startMaintenance', () => {
  it('runs at once and on every tick, and not after stop()', async () => {
    vi.useFakeTimers();
    let now = T0;
    const maintenance = startMaintenance(
      { db: handle.db, dbHandle: handle, now: () => now, log: pino({ level: 'silent' }) },
      1000,
    );
    await maintenance.idle();
    await insertAttempt(T0 - 2 * KEEP_SIGN_IN_ATTEMPTS_MS);
    vi.advanceTimersByTime(1000);
    await maintenance.idle();
    expect(await attempts()).toBe(0);
    maintenance.stop();
    now += 1000;
    await insertAttempt(T0 - 2 * KEEP_SIGN_IN_ATTEMPTS_MS);
    vi.advanceTimersByTime(10_000);
    await maintenance.idle();
    expect(await attempts()).toBe(1);
  });
});
