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
  it("signs in with a cookie, reads quotes and the user's portfolio, and receives live quotes from the real server", async () => {
    const account = { email: 'typed-client@example.com', password: 'typed-client-secret' };
    const owner = new ApiClient(server.url);
    const registered = await owner.post('/api/auth/register', {
      ...account,
      firstName: 'Grace',
      lastName: 'Hopper',
      agreedToTerms: true,
      agreedToPrivacy: true,
    });
    expect(registered.status).toBe(200);
    // One portfolio of two holdings for the example to read.
    const created = await owner.post('/api/portfolios', { name: 'Core', description: 'Long term' });
    expect(created.status).toBe(201);
    const portfolioId = created.json.id as string;
    expect(
      (
        await owner.post(`/api/portfolios/${portfolioId}/holdings`, {
          symbol: 'AAPL',
          quantity: '10',
          averagePrice: '150',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await owner.post(`/api/portfolios/${portfolioId}/holdings`, {
          symbol: 'KO',
          quantity: '2.5',
          averagePrice: '55.10',
        })
      ).status,
    ).toBe(201);
    // Someone else's portfolio, which the example must never see.
    const stranger = new ApiClient(server.url);
    expect(
      (
        await stranger.post('/api/auth/register', {
          ...account,
          email: 'stranger@example.com',
          firstName: 'Other',
          lastName: 'User',
          agreedToTerms: true,
          agreedToPrivacy: true,
        })
      ).status,
    ).toBe(200);
    expect((await stranger.post('/api/portfolios', { name: 'Not yours' })).status).toBe(201);

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
    expect(lines).toContain(
      `quote AAPL ${quotes.AAPL.regularMarketPrice.toFixed(2)} (${quotes.AAPL.regularMarketChangePercent.toFixed(2)} %)`,
    );
    expect(lines.filter((l) => l.startsWith('quote MSFT '))).toHaveLength(1);
    expect(lines.filter((l) => /^live (AAPL|MSFT) \d+\.\d{2}$/.test(l)).length).toBeGreaterThanOrEqual(2);

    // The portfolio as the API values it, money as exact decimal strings.
    const detail = (await owner.get(`/api/portfolios/${portfolioId}`)).json;
    expect(lines).toContain(`portfolio Core: ${detail.portfolio.totalValue} USD, 2 holdings`);
    expect(lines.filter((l) => l.startsWith('portfolio '))).toHaveLength(1);
    for (const h of detail.holdings) {
      expect(lines).toContain(`holding ${h.symbol} ${h.quantity} @ ${h.currentPrice} = ${h.totalValue}`);
    }
    expect(lines.filter((l) => l.startsWith('holding '))).toEqual([
      expect.stringMatching(/^holding AAPL 10 @ \d+\.\d+ = \d+\.\d{2}$/),
      expect.stringMatching(/^holding KO 2\.5 @ /),
    ]);
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
