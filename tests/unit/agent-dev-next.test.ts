import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentTestDeps, type AgentTestDeps } from '../helpers/agentDeps';
import { CORE_AND_A_BIG_BET, seedLedgerPortfolio } from '../helpers/portfolioSeed';
import { describeMiss } from './agentEval/describeMiss';
import { DEV_NEXT } from './agentEval/devNext/questions';
import { FAILURE_KINDS, type HeldOutQuestion } from './agentEval/heldOut/shared';
import { evaluate, type EvalOutcome } from './agentEval/runEval';

/**
 * The second development set of the built-in analyst (agentEval/devNext): questions in the kinds the blind set
 * scored lowest on, written after the held-out sets were frozen. A dev set: its misses are printed, and the engine
 * may be tuned on them (in general ways: vocabulary, paraphrases, conversation state), never the blind sets'.
 *
 * Written in five batches, each scored before the engine was changed for it. The whole set, scored on 2026-11-28:
 *   the engine before branch agent-next (commit ae93b0b): 207/242 (85.5 %)
 *   after it: 239/242 (98.8 %); the pass mark is that count. The three misses are left as they are: 'add gm' after a
 *   comparison (read as buying GM, which 'add' also means), 'and the week after?' (after a question about Monday)
 *   and 'msft between 2020 and now' (an overview over that period rather than its performance alone).
 */

const NOW = Date.UTC(2025, 0, 15, 14, 5, 30);
/** The score after branch agent-next (239/242): a floor. */
const PASS_COUNT = 239;

let env: AgentTestDeps;
beforeAll(async () => {
  env = await createAgentTestDeps(NOW);
});
afterAll(() => env?.close());

const score = (outcomes: EvalOutcome[]) => outcomes.filter((o) => o.exact).length;

describe('agent second development set', () => {
  it(`has at least 60 questions with unique ids (${DEV_NEXT.length})`, () => {
    expect(DEV_NEXT.length).toBeGreaterThanOrEqual(60);
    expect(new Set(DEV_NEXT.map((q) => q.id)).size).toBe(DEV_NEXT.length);
  });

  it(`answers at least ${PASS_COUNT} of them exactly as expected`, async () => {
    const outcomes: EvalOutcome[] = [];
    for (const question of DEV_NEXT) {
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
        `Agent second development set: ${score(outcomes)}/${outcomes.length}`,
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
