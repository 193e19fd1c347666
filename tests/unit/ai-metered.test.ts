import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMeteredAgentTurn } from '../../src/server/modules/usage/meteredTurn';
import { usageStanding } from '../../src/server/modules/usage/service';
import { createAgentTestDeps, type AgentTestDeps } from '../helpers/agentDeps';

/** A chat turn costs a unit of the daily limit only when the agent understood what was asked. */

const NOW = Date.UTC(2025, 0, 15, 14, 5, 30);
let env: AgentTestDeps;
beforeAll(async () => {
  env = await createAgentTestDeps(NOW);
});
afterAll(() => env?.close());

const used = async (userId: string) => (await usageStanding(env.deps, userId, 'chatMessages')).used;

describe('metered agent turns', () => {
  it('charges a question it answered', async () => {
    const userId = await env.newUser();
    const { answer, reservation } = await runMeteredAgentTurn(env.deps, 'chatMessages', {
      userId,
      message: 'What is AAPL trading at?',
    });
    expect(answer.understood).toBe(true);
    expect(await used(userId)).toBe(1);
    expect(reservation.used).toBe(1);
  });

  it.each([
    'asdfghjkl',
    'purple monkey dishwasher',
    'What is the price of ZZZZZ?',
    'How is QWXYZ doing?',
    "What's the outlook?",
  ])('does not charge %j, which it could not understand, and reports the unit as given back', async (message) => {
    const userId = await env.newUser();
    const { answer, reservation } = await runMeteredAgentTurn(env.deps, 'chatMessages', { userId, message });
    expect(answer.understood).toBe(false);
    expect(answer.content.length).toBeGreaterThan(20);
    expect(await used(userId)).toBe(0);
    expect(reservation).toMatchObject({ used: 0, remaining: reservation.limit });
  });

  it('charges a question it declined on purpose (off topic): that was understood', async () => {
    const userId = await env.newUser();
    const { answer } = await runMeteredAgentTurn(env.deps, 'chatMessages', { userId, message: 'Tell me a joke' });
    expect(answer.understood).toBe(true);
    expect(await used(userId)).toBe(1);
  });
});
