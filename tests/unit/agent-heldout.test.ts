import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentTestDeps, type AgentTestDeps } from '../helpers/agentDeps';
import { describeMiss } from './agentEval/describeMiss';
import { HOLDOUT } from './agentEval/heldOut/holdout';
import { GLOSSARY } from '../../src/server/ai/tools/glossary';
import { FAILURE_KINDS, glossaryKey, type HeldOutQuestion } from './agentEval/heldOut/shared';
import { splitHalves, type Half } from './agentEval/heldOut/split';
import { TUNE } from './agentEval/heldOut/tune';
import { EVAL_NOW, evaluateEach, type EvalOutcome } from './agentEval/runEval';

/**
 * The held-out evaluation of issue 28: questions asked as new users ask them, in the shapes the agent got wrong,
 * through the built-in analyst offline against the simulated market. Prints both halves' scores and the score per
 * failure kind; prints the failures of the tuning half only (the holdout half's with AGENT_EVAL_SHOW_HOLDOUT=1);
 * fails below the holdout half's last measured score. Issue 28's target is 90 % (119/132), reached by branch agent4
 * (measured without looking at the holdout half's misses): the mark is that score, a floor that keeps it from sliding
 * back.
 *
 * Before any engine change (the engine of commit 1a3974b, scored on 2026-11-27; it has none of the contract's new
 * tools yet, so this test fails until the engine learns them):
 *   Agent held-out evaluation: tune 14/132 (10.6 %), holdout 13/132 (9.8 %)
 * Scored since (the holdout half run only for its score, its misses never shown):
 *   commit 657c060 (2026-11-28): tune 132/132 (100.0 %), holdout 112/132 (84.8 %)
 *   commit e0b16f4 (2026-11-28): tune 132/132 (100.0 %), holdout 115/132 (87.1 %)
 *   branch agent3 (2026-11-28): tune 132/132 (100.0 %), holdout 116/132 (87.9 %); misspellings 11 -> 12 of 15
 *   branch agent4 (2026-11-28): tune 132/132 (100.0 %), holdout 119/132 (90.2 %); tuned on a fourth dev set only
 *   (agentEval/devFourth), the holdout half scored three times for its total alone
 */

/** Issue 28's target, 90 % (119/132), first reached by branch agent4: see above. */
const PASS_MARK = 119 / 132;
const SHOW_HOLDOUT = process.env.AGENT_EVAL_SHOW_HOLDOUT === '1';
const HALVES: [Half, HeldOutQuestion[]][] = [
  ['tune', TUNE],
  ['holdout', HOLDOUT],
];
const ALL = [...TUNE, ...HOLDOUT];

let env: AgentTestDeps;
beforeAll(async () => {
  env = await createAgentTestDeps(EVAL_NOW);
});
afterAll(() => env?.close());

const percent = (n: number, of: number) => `${((n / Math.max(of, 1)) * 100).toFixed(1)} %`;
const score = (outcomes: EvalOutcome[]) => outcomes.filter((o) => o.exact).length;

describe('agent held-out evaluation set', () => {
  it(`has at least 240 questions with unique ids, at least 10 per failure kind (${ALL.length})`, () => {
    expect(ALL.length).toBeGreaterThanOrEqual(240);
    expect(new Set(ALL.map((q) => q.id)).size).toBe(ALL.length);
    for (const kind of FAILURE_KINDS) {
      expect(ALL.filter((q) => q.failureKind === kind).length, kind).toBeGreaterThanOrEqual(10);
    }
  });

  it('keeps each question in the half the seeded split gives it, half and half per failure kind', () => {
    const halves = splitHalves(ALL.map((q) => q.id));
    const misplaced = HALVES.flatMap(([half, questions]) =>
      questions.filter((q) => halves.get(q.id) !== half).map((q) => `${q.id} belongs in ${halves.get(q.id)}`),
    );
    expect(misplaced).toEqual([]);
    for (const kind of FAILURE_KINDS) {
      const tune = TUNE.filter((q) => q.failureKind === kind).length;
      const holdout = HOLDOUT.filter((q) => q.failureKind === kind).length;
      expect(holdout - tune, kind).toBeGreaterThanOrEqual(0);
      expect(holdout - tune, kind).toBeLessThanOrEqual(1);
    }
  });

  it("expects the glossary's own key for a term: its entry, else the entry listing it as an alias, else the name", () => {
    for (const entry of GLOSSARY) expect(glossaryKey(entry.term.toLowerCase())).toBe(entry.term);
    const named = new Set(GLOSSARY.map((e) => e.term.toLowerCase()));
    for (const alias of GLOSSARY.flatMap((e) => e.aliases).filter((a) => !named.has(a))) {
      expect(glossaryKey(alias)).toBe(GLOSSARY.find((e) => e.aliases.includes(alias))?.term);
    }
    expect(glossaryKey('a term no glossary has')).toBe('a term no glossary has');
  });

  it('answers the holdout half at least as well as last measured (119/132, the target of 90 %)', async () => {
    const outcomes = new Map<Half, EvalOutcome[]>();
    for (const [half, questions] of HALVES) outcomes.set(half, await evaluateEach(env, questions));
    const tune = outcomes.get('tune') ?? [];
    const holdout = outcomes.get('holdout') ?? [];
    const lines = [
      `Agent held-out evaluation: tune ${score(tune)}/${tune.length} (${percent(score(tune), tune.length)}), ` +
        `holdout ${score(holdout)}/${holdout.length} (${percent(score(holdout), holdout.length)})`,
      'By failure kind (tune | holdout):',
      ...FAILURE_KINDS.map((kind) => {
        const of = (list: EvalOutcome[]) => list.filter((o) => (o.question as HeldOutQuestion).failureKind === kind);
        const [t, h] = [of(tune), of(holdout)];
        return `  ${kind.padEnd(12)} ${score(t)}/${t.length} (${percent(score(t), t.length)}) | ${score(h)}/${h.length} (${percent(score(h), h.length)})`;
      }),
      'Tune misses:',
      ...tune.filter((o) => !o.exact).map(describeMiss),
      ...(SHOW_HOLDOUT
        ? ['Holdout misses (AGENT_EVAL_SHOW_HOLDOUT=1):', ...holdout.filter((o) => !o.exact).map(describeMiss)]
        : ['Holdout misses are not shown (set AGENT_EVAL_SHOW_HOLDOUT=1 to see them; not while tuning).']),
    ];
    console.log(lines.join('\n'));
    // The message names no holdout question: only the score.
    expect(score(holdout) / holdout.length, `holdout ${score(holdout)}/${holdout.length}`).toBeGreaterThanOrEqual(
      PASS_MARK,
    );
  }, 300_000);
});
