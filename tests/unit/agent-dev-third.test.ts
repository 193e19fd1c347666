import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentTestDeps, type AgentTestDeps } from '../helpers/agentDeps';
import { CORE_AND_A_BIG_BET, seedLedgerPortfolio } from '../helpers/portfolioSeed';
import { describeMiss } from './agentEval/describeMiss';
import { DEV_THIRD } from './agentEval/devThird/questions';
import { FAILURE_KINDS, type HeldOutQuestion } from './agentEval/heldOut/shared';
import { evaluate, type EvalOutcome } from './agentEval/runEval';

/**
 * The third development set of the built-in analyst (agentEval/devThird): follow-ups, unclear questions, tool and
 * portfolio questions in wordings the other sets do not use, written after the second set was fixed. A dev set: its
 * misses are printed and the engine may be tuned on them in general ways, never on the blind sets'.
 *
 * Written and scored in four batches on 2026-11-28, each before the engine was changed for it: follow-ups,
 * unclear, tool and portfolio questions 42/44, then 24 more of them 63/68 (follow-up 21/26); misspellings and
 * portfolio questions 96/98; buying more of the big holding, benchmarks by name, other languages and definitions
 * 122/123 of the 23 new ones ('how much money have i made overall' was answered with today's holdings against cost).
 * After the fixes: 124/125, the pass mark. The miss left: 'how is fizer doing' ('fizer' is one letter from an
 * everyday word, so it is not read as a name).
 */

const NOW = Date.UTC(2025, 0, 15, 14, 5, 30);
/** The score after this set's fixes (124/125): a floor. */
const PASS_COUNT = 124;

let env: AgentTestDeps;
beforeAll(async () => {
  env = await createAgentTestDeps(NOW);
});
afterAll(() => env?.close());

const score = (outcomes: EvalOutcome[]) => outcomes.filter((o) => o.exact).length;

describe('agent third development set', () => {
  it(`has at least 40 questions with unique ids (${DEV_THIRD.length})`, () => {
    expect(DEV_THIRD.length).toBeGreaterThanOrEqual(40);
    expect(new Set(DEV_THIRD.map((q) => q.id)).size).toBe(DEV_THIRD.length);
  });

  it(`answers at least ${PASS_COUNT} of them exactly as expected`, async () => {
    const outcomes: EvalOutcome[] = [];
    for (const question of DEV_THIRD) {
      const userId = await env.newUser();
      await seedLedgerPortfolio(env.deps.db, userId, {
        name: 'Core and a big bet',
        createdAt: NOW - 50_000,
        activities: CORE_AND_A_BIG_BET,
      });
      outcomes.push(await evaluate(env.deps, question, userId));
    }
    const kindOf = (o: EvalOutcome) => (o.question as HeldOutQuestion).failureKind;
    console.log(
      [
        `Agent third development set: ${score(outcomes)}/${outcomes.length}`,
        ...FAILURE_KINDS.map((kind) => {
          const of = outcomes.filter((o) => kindOf(o) === kind);
          return `  ${kind.padEnd(12)} ${score(of)}/${of.length}`;
        }),
        'Misses:',
        ...outcomes.filter((o) => !o.exact).map(describeMiss),
      ].join('\n'),
    );
    expect(score(outcomes)).toBeGreaterThanOrEqual(PASS_COUNT);
  }, 300_000);
});
