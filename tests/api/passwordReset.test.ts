import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../src/server/db/schema';
import { RESET_LINK_INVALID } from '../../src/shared/schemas/account';
import { PASSWORD_MESSAGES } from '../../src/shared/schemas/password';
import { startTestServer, type TestServer, databaseEnv } from '../helpers/testServer';
import { Browser, PASSWORD, signUp } from './auth-helpers';

/** Forgotten passwords: the operator prints a one-time link (no mail server), the person sets a new password with it. */

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
let now = Date.UTC(2026, 10, 24, 12);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' }, { now: () => now });
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

const reset = (token: string, newPassword: string) =>
  new Browser(server.url).post('/api/auth/reset-password', { token, newPassword });

describe('password reset', () => {
  it('a printed link sets a new password once, and every old session ends', async () => {
    const device = new Browser(server.url);
    const { email } = await signUp(device);
    const { stdout, token } = await resetLinkFor(email.toUpperCase());
    expect(stdout).toContain(`https://tickwise.example/auth/reset?token=${token}`);
    expect(stdout).toContain('30 minutes');
    // Only the hash is stored.
    expect(JSON.stringify(await server.deps.db.select().from(passwordResetTokens))).not.toContain(token);

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

  it('the command says so for an unknown email', async () => {
    const failed = await resetLinkFor('nobody@example.com').catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('No account with the email nobody@example.com');
  }, 30_000);
});
