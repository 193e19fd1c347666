import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../../src/server/db/schema';
import { RESET_ATTEMPTS, RESET_MESSAGES } from '../../src/server/modules/auth/passwordReset';
import { createPasswordHasher } from '../../src/server/modules/auth/passwords';
import { RESET_LINK_INVALID } from '../../src/shared/schemas/account';
import { PASSWORD_MESSAGES } from '../../src/shared/schemas/password';
import { startTestServer, type TestServer, databaseEnv } from '../helpers/testServer';
import { Browser, PASSWORD, signUp } from './auth-helpers';

/** Forgotten passwords: the operator prints a one-time link (no mail server), the person sets a new password with it. */

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
let now = Date.UTC(2026, 10, 24, 12);
let server: TestServer;
/** The server's own argon2 hasher, counting the hashes it makes. */
const hasher = createPasswordHasher();
let hashes = 0;

beforeAll(async () => {
  server = await startTestServer(
    { TRUST_PROXY: 'true' },
    {
      now: () => now,
      passwords: { ...hasher, hash: (password: string) => (hashes++, hasher.hash(password)) },
    },
  );
});
afterAll(async () => server?.close());

/** `npm run user -- reset-password EMAIL` against the test server's database; the token from the printed link. */
async function resetLinkFor(email: string): Promise<{ stdout: string; token: string }> {
  const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), ['scripts/user.ts', 'reset-password', email], {
    cwd: root,
    env: {
      ...process.env,
      ...databaseEnv(server),
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://tickwise.example',
    },
  });
  const token = /\/auth\/reset\?token=([A-Za-z0-9_-]+)/.exec(stdout)?.[1];
  if (!token) throw new Error(`no link printed: ${stdout}`);
  return { stdout, token };
}

const reset = (token: string, newPassword: string, from = new Browser(server.url)) =>
  from.post('/api/auth/reset-password', { token, newPassword });

/** A token of the printed links' shape that no link has (a random selector and secret, as a guesser would send). */
const madeUpToken = () => randomBytes(16).toString('base64url') + randomBytes(32).toString('base64url');

describe('password reset', () => {
  it('a printed link sets a new password once, and every old session ends', async () => {
    const { passwordResetTokens } = tablesOf(server.deps.db);
    const device = new Browser(server.url);
    const { email } = await signUp(device);
    const { stdout, token } = await resetLinkFor(email.toUpperCase());
    expect(stdout).toContain(`https://tickwise.example/auth/reset?token=${token}`);
    expect(stdout).toContain('30 minutes');
    // Only the selector (the token's first part) and the hash of the rest are stored.
    const stored = JSON.stringify(await server.deps.db.select().from(passwordResetTokens));
    expect(stored).toContain(token.slice(0, 22));
    expect(stored).not.toContain(token.slice(22));

    const tooShort = await reset(token, '123');
    expect(tooShort.status).toBe(400);
    expect(tooShort.json.message).toContain(PASSWORD_MESSAGES.tooShort);
    const done = await reset(token, 'a brand new secret 7');
    expect(done.status).toBe(200);
    expect((await device.get('/api/auth/user')).status).toBe(401);
    expect(
      (await new Browser(server.url).post('/api/auth/login', { email, password: 'a brand new secret 7' })).status,
    ).toBe(200);
    expect((await new Browser(server.url).post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);

    const again = await reset(token, 'yet another secret 8');
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(RESET_LINK_INVALID);
  }, 30_000);

  it('a link stops working after 30 minutes, and when a newer one is made', async () => {
    const { email } = await signUp(new Browser(server.url));
    const first = await resetLinkFor(email);
    const second = await resetLinkFor(email);
    expect((await reset(first.token, 'replaced link 1234')).json.message).toBe(RESET_LINK_INVALID);
    // The command stamps links with the wall clock; the server's clock is moved past their 30 minutes.
    const saved = now;
    now = Date.now() + 30 * 60_000 + 1;
    const late = await reset(second.token, 'too late now 1234');
    now = saved;
    expect(late.status).toBe(400);
    expect(late.json.message).toBe(RESET_LINK_INVALID);
    expect((await reset('made-up-token', 'whatever 12345')).json.message).toBe(RESET_LINK_INVALID);
  }, 30_000);

  it('checks the token before anything costly: made-up tokens from many addresses are answered 400 without a hash', async () => {
    const { email } = await signUp(new Browser(server.url));
    const { token } = await resetLinkFor(email);
    const before = hashes;
    // Made-up tokens, each from its own address, and three wrong secrets with this link's real selector.
    const answers = await Promise.all([
      ...Array.from({ length: 37 }, () => reset(madeUpToken(), 'a good new secret 1')),
      ...Array.from({ length: 3 }, (_, i) =>
        reset(`${token.slice(0, 22)}${String(i).repeat(43)}`, 'a good new secret 1'),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(400));
    expect(answers.every((a) => a.json.message === RESET_LINK_INVALID)).toBe(true);
    expect(hashes - before).toBe(0);
    // A common password is refused before the hash too, and leaves the link usable.
    const common = await reset(token, 'password123');
    expect(common.status).toBe(400);
    expect(hashes - before).toBe(0);
    expect((await reset(token, 'a good new secret 1')).status).toBe(200);
    expect(hashes - before).toBe(1);
  }, 30_000);

  it(`answers 429 past ${RESET_ATTEMPTS.perAddress} attempts from one address, and other addresses are still served`, async () => {
    const guesser = new Browser(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < RESET_ATTEMPTS.perAddress + 3; i++)
      statuses.push((await reset(madeUpToken(), 'whatever 12345', guesser)).status);
    expect(statuses).toEqual([...Array(RESET_ATTEMPTS.perAddress).fill(400), 429, 429, 429]);
    const refused = await reset(madeUpToken(), 'whatever 12345', guesser);
    expect(refused.json.message).toBe(RESET_MESSAGES.tooManyFromAddress);
    expect((await reset(madeUpToken(), 'whatever 12345')).status).toBe(400);
  }, 30_000);

  it(`answers 429 past ${RESET_ATTEMPTS.perLink} attempts with one link, from any address`, async () => {
    const { email } = await signUp(new Browser(server.url));
    const { token } = await resetLinkFor(email);
    const statuses: number[] = [];
    // Wrong verifiers for the link's selector, and common passwords with the real link: each is an attempt on it.
    for (let i = 0; i < RESET_ATTEMPTS.perLink - 1; i++)
      statuses.push((await reset(`${token.slice(0, 22)}${String(i).repeat(43)}`, 'whatever 12345')).status);
    statuses.push((await reset(token, 'password123')).status);
    const refused = await reset(token, 'a good new secret 2');
    expect(statuses).toEqual(Array(RESET_ATTEMPTS.perLink).fill(400));
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(RESET_MESSAGES.tooManyForLink);
  }, 30_000);

  it('the command says so for an unknown email', async () => {
    const failed = await resetLinkFor('nobody@example.com').catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('No account with the email nobody@example.com');
  }, 30_000);
});
