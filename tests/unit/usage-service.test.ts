import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countToday, reserveUsage, usageStats } from '../../src/server/modules/usage/service';
import { formatResetsIn } from '../../src/shared/limits';
import { createAgentTestDeps, type AgentTestDeps } from '../helpers/agentDeps';

/** The one door to the daily limits: atomic reservations, refunds, the UTC day. */

let clock = Date.UTC(2025, 0, 15, 23, 59);
let env: AgentTestDeps;
beforeAll(async () => {
  env = await createAgentTestDeps(0);
  env.deps.now = () => clock;
});
afterAll(() => env?.close());

describe('usage service', () => {
  it('reserves up to the limit, then refuses with every field', async () => {
    const user = await env.newUser();
    const reservations = [];
    for (let i = 0; i < 5; i++) reservations.push(await reserveUsage(env.deps, user, 'graphGenerations'));
    expect(reservations.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0]);
    let error: unknown;
    try {
      await reserveUsage(env.deps, user, 'graphGenerations');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('all 5 graph generations'),
    });
    expect((error as { cause: { extras: object } }).cause.extras).toEqual({
      limitReached: true,
      remaining: 0,
      upgradeMessage: expect.any(String),
      resetsAt: '2025-01-16T00:00:00.000Z',
      feature: 'graphGenerations',
      used: 5,
      limit: 5,
    });
    expect(await countToday(env.deps, user)).toEqual({
      chatMessages: 0,
      graphGenerations: 5,
      portfolioAnalyses: 0,
    });
  });

  it('holds the limit when reservations race', async () => {
    const user = await env.newUser();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => reserveUsage(env.deps, user, 'graphGenerations')),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(3);
    expect((await countToday(env.deps, user)).graphGenerations).toBe(5);
  });

  it('refunds once, to the day of the reservation', async () => {
    const user = await env.newUser();
    const reservation = await reserveUsage(env.deps, user, 'portfolioAnalyses');
    await reserveUsage(env.deps, user, 'portfolioAnalyses');
    clock += 2 * 60_000; // past midnight UTC: a new day with fresh counters
    expect((await countToday(env.deps, user)).portfolioAnalyses).toBe(0);
    expect((await reserveUsage(env.deps, user, 'portfolioAnalyses')).used).toBe(1);
    await reservation.refund();
    await reservation.refund();
    expect((await countToday(env.deps, user)).portfolioAnalyses).toBe(1);
    clock -= 2 * 60_000;
    expect((await countToday(env.deps, user)).portfolioAnalyses).toBe(1);
    expect(await usageStats(env.deps, user)).toEqual({
      today: { chatMessages: 0, graphGenerations: 0, portfolioAnalyses: 1 },
      limits: { chatMessages: 10, graphGenerations: 5, portfolioAnalyses: 2 },
      resetsAt: '2025-01-16T00:00:00.000Z',
    });
  });

  it('says how long until the reset', () => {
    const midnight = Date.UTC(2025, 0, 16);
    expect(formatResetsIn(midnight, midnight - 5 * 3600_000)).toBe('5 hours');
    expect(formatResetsIn(midnight, midnight - 3600_000 - 60_000)).toBe('1 hour 1 minute');
    expect(formatResetsIn(midnight, midnight - 30_000)).toBe('1 minute');
    expect(formatResetsIn(midnight, midnight + 1)).toBe('less than a minute');
  });
});
