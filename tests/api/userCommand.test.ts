import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEnv, startTestServer, type TestServer } from '../helpers/testServer';
import { Browser, signUp } from './auth-helpers';

/**
 * The operator command reads the settings the server reads: the environment, then a `.env` in the folder it runs
 * in. Its reset link used to name port 3000 whatever port the `.env` gave the server (issue 27 §6).
 */

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
let server: TestServer;
let folder: string;

beforeAll(async () => {
  server = await startTestServer();
  folder = mkdtempSync(join(tmpdir(), 'tickwise-user-command-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await server?.close();
});

async function resetLink(dotEnv: string, env: Record<string, string> = {}): Promise<string> {
  writeFileSync(join(folder, '.env'), dotEnv);
  const { email } = await signUp(new Browser(server.url));
  const { stdout } = await run(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'scripts/user.ts'), 'reset-password', email],
    { cwd: folder, env: { ...withoutSettings(process.env), ...databaseEnv(server), LOG_LEVEL: 'silent', ...env } },
  );
  const link = /(\S+)\/auth\/reset\?token=/.exec(stdout)?.[1];
  if (!link) throw new Error(`no link printed: ${stdout}`);
  return link;
}

/** The test runner's own PORT or PUBLIC_URL must not decide the answer. */
function withoutSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { PORT: _port, PUBLIC_URL: _publicUrl, ...rest } = env;
  return rest;
}

describe('npm run user -- reset-password', () => {
  it("links to the port in the folder's .env, as the server started there listens on", async () => {
    expect(await resetLink('PORT=4567\n')).toBe('http://localhost:4567');
  });

  it('links to PUBLIC_URL when it is set, in the .env or the environment (the environment wins)', async () => {
    expect(await resetLink('PORT=4567\nPUBLIC_URL=https://tickwise.example\n')).toBe('https://tickwise.example');
    expect(await resetLink('PUBLIC_URL=https://from-file.example\n', { PUBLIC_URL: 'https://from-env.example' })).toBe(
      'https://from-env.example',
    );
  });
});
