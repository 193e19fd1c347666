import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/http';
import { manualClock } from '../helpers/marketProviders';
import { startTestServer, type TestServer } from '../helpers/testServer';

const root = join(import.meta.dirname, '../..');
const run = promisify(execFile);

// A fixed clock keeps the simulated prices still, so the script's output can be compared with the API's answer.
const clock = manualClock(Date.UTC(2026, 10, 21, 14, 37, 10));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { now: clock.now });
});
afterAll(async () => server?.close());

describe('the typed client example (examples/typed-client.ts)', () => {
  it('signs in with a cookie, reads quotes and receives live quotes from the real server', async () => {
    const account = { email: 'typed-client@example.com', password: 'typed-client-secret' };
    const registered = await new ApiClient(server.url).post('/api/auth/register', {
      ...account,
      firstName: 'Grace',
      lastName: 'Hopper',
      agreedToTerms: true,
      agreedToPrivacy: true,
    });
    expect(registered.status).toBe(200);

    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'examples/typed-client.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        TICKWISE_URL: server.url,
        TICKWISE_EMAIL: account.email,
        TICKWISE_PASSWORD: account.password,
      },
      timeout: 20_000,
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('signed in as typed-client@example.com');
    const quotes = (await new ApiClient(server.url).post('/api/stocks/quotes', { symbols: ['AAPL', 'MSFT'] })).json;
    expect(lines).toContain(`quote AAPL ${quotes.AAPL.regularMarketPrice.toFixed(2)} (${quotes.AAPL.regularMarketChangePercent.toFixed(2)} %)`);
    expect(lines.filter((l) => l.startsWith('quote MSFT '))).toHaveLength(1);
    expect(lines.filter((l) => /^live (AAPL|MSFT) \d+\.\d{2}$/.test(l)).length).toBeGreaterThanOrEqual(2);
    expect(lines.at(-1)).toBe('done');
  });

  it('says what it needs when the account is missing, instead of failing obscurely', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'examples/typed-client.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, TICKWISE_URL: server.url },
      timeout: 20_000,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain('Set TICKWISE_EMAIL and TICKWISE_PASSWORD');
  });

  it('is refused with the server’s message when the password is wrong', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'examples/typed-client.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        TICKWISE_URL: server.url,
        TICKWISE_EMAIL: 'typed-client@example.com',
        TICKWISE_PASSWORD: 'not-the-password',
      },
      timeout: 20_000,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toBe('Invalid email or password\n');
  });
});
