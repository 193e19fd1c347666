import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { registerBody, uniqueEmail } from './auth-helpers';

// 13:45 UTC on 15 January 2025: the next reset is midnight UTC of the 16th.
const now = Date.UTC(2025, 0, 15, 13, 45);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { now: () => now });
});
afterAll(async () => server?.close());

describe('GET /api/usage-stats', () => {
  it('answers 401 when signed out', async () => {
    const res = await new ApiClient(server.url).get('/api/usage-stats');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
  });

  it("answers today's counters (zero so far), the daily limits and the next reset", async () => {
    const client = new ApiClient(server.url);
    expect((await client.post('/api/auth/register', registerBody(uniqueEmail('usage')))).status).toBe(200);
    const res = await client.get('/api/usage-stats');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      today: { chatMessages: 0, graphGenerations: 0, portfolioAnalyses: 0 },
      limits: { chatMessages: 10, graphGenerations: 5, portfolioAnalyses: 2 },
      resetsAt: '2025-01-16T00:00:00.000Z',
    });

    // The same procedure over tRPC.
    const trpc = await client.get('/trpc/usage.stats');
    expect(trpc.status).toBe(200);
    expect(trpc.json.result.data.json).toEqual(res.json);
  });
});
