import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentTestDeps, type AgentTestDeps } from '../helpers/agentDeps';
import { seedPortfolio, TECH_BETS } from '../helpers/portfolioSeed';
import { QUESTIONS } from './agentEval/questions';
import { evaluate, type EvalOutcome } from './agentEval/runEval';

/**
 * The Financial Agent answers the question that was asked: the evaluation set through the built-in analyst, offline
 * against the simulated market. Prints the score and the misses; fails below 95 % exact.
 */

const NOW = Date.UTC(2025, 0, 15, 14, 5, 30);
const PASS_MARK = 0.95;
let env: AgentTestDeps;
beforeAll(async () => {
  env = await createAgentTestDeps(NOW);
});
afterAll(() => env?.close());

describe('agent evaluation set', () => {
  it(`has at least 150 questions (${QUESTIONS.length})`, () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(150);
  });

  it('answers at least 95 % of them exactly as expected', async () => {
    const outcomes: EvalOutcome[] = [];
    for (const question of QUESTIONS) {
      // A user of their own per question: forecast graphs count against a daily limit.
      const userId = await env.newUser();
      await seedPortfolio(env.deps.db, userId, { name: 'Tech bets', createdAt: NOW - 50_000, holdings: TECH_BETS });
      outcomes.push(await evaluate(env.deps, question, userId));
    }
    const misses = outcomes.filter((o) => !o.exact);
    const score = (outcomes.length - misses.length) / outcomes.length;
    const report = misses.map(
      (m) =>
        `✗ ${m.question.question}\n    expected ${JSON.stringify(m.question.expect.tools)} ${m.question.expect.form}\n    got      ${JSON.stringify(m.calls)} ${m.form}${m.unverified.length ? ` unverified: ${m.unverified.join(', ')}` : ''}`,
    );
    console.log(
      `Agent evaluation: ${outcomes.length - misses.length}/${outcomes.length} exact (${(score * 100).toFixed(1)} %)\n${report.join('\n')}`,
    );
    expect(score, report.join('\n')).toBeGreaterThanOrEqual(PASS_MARK);
  }, 120_000);
});
