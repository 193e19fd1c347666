import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentTestDeps, type AgentTestDeps } from '../../helpers/agentDeps';
import type { AnswerKind, QuestionLanguage } from './answerKind';
import { describeMiss } from './describeMiss';
import { FAILURE_KINDS, type FailureKind, type HeldOutQuestion } from './heldOut/shared';
import type { AnswerForm, ExpectedCall } from './questions';
import { EVAL_NOW, evaluateEach, type EvalOutcome } from './runEval';

/**
 * What the development sets of the built-in analyst share (agentEval/devNext, agentEval/devThird): the way their
 * questions are written, and the test that scores one and prints its misses. Same contract and clock as the
 * held-out sets (NOW = 2025-01-15 14:05:30 UTC, the CORE_AND_A_BIG_BET portfolio).
 */

export interface Asked {
  question: string;
  history?: string[];
  viewing?: string;
  language?: QuestionLanguage;
}

const PREFIX: Record<FailureKind, string> = {
  portfolio: 'pf',
  definition: 'def',
  'follow-up': 'fu',
  'date-range': 'dr',
  misspelling: 'ms',
  tool: 'tool',
  language: 'lang',
  amount: 'amt',
  unclear: 'unc',
};

/**
 * The question writer of one development set: ids are the kind's prefix, the set's letter and a count per kind
 * ('fu-t03': the third follow-up of the set lettered 't'), so a set's ids stay apart from every other set's.
 */
export function devQuestions(letter: string) {
  const counters = new Map<FailureKind, number>();
  const d = (
    kind: FailureKind,
    asked: string | Asked,
    form: AnswerForm,
    tools: ExpectedCall[],
    more: { kind?: AnswerKind; says?: RegExp } = {},
  ): HeldOutQuestion => {
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    return {
      id: `${PREFIX[kind]}-${letter}${String(n).padStart(2, '0')}`,
      failureKind: kind,
      ...(typeof asked === 'string' ? { question: asked } : asked),
      expect: { tools, form, ...more },
    };
  };
  /** Nothing to answer about: a short question back, no tool called. */
  const unclear = (asked: string | Asked) => d('unclear', asked, 'not-understood', [], { kind: 'question-back' });
  return { d, unclear };
}

export const exactCount = (outcomes: EvalOutcome[]) => outcomes.filter((o) => o.exact).length;

/**
 * The test of one development set: its ids unique, then its score overall and per kind, its misses printed (a dev
 * set is tuned on), failing below `passCount`.
 */
export function describeDevSet(set: {
  title: string;
  questions: readonly HeldOutQuestion[];
  minQuestions: number;
  passCount: number;
}): void {
  let env: AgentTestDeps;
  beforeAll(async () => {
    env = await createAgentTestDeps(EVAL_NOW);
  });
  afterAll(() => env?.close());

  const { questions, passCount } = set;
  describe(`agent ${set.title}`, () => {
    it(`has at least ${set.minQuestions} questions with unique ids (${questions.length})`, () => {
      expect(questions.length).toBeGreaterThanOrEqual(set.minQuestions);
      expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    });

    it(`answers at least ${passCount} of them exactly as expected`, async () => {
      const outcomes = await evaluateEach(env, questions);
      const kindOf = (o: EvalOutcome) => (o.question as HeldOutQuestion).failureKind;
      console.log(
        [
          `Agent ${set.title}: ${exactCount(outcomes)}/${outcomes.length}`,
          ...FAILURE_KINDS.map((kind) => {
            const of = outcomes.filter((o) => kindOf(o) === kind);
            return `  ${kind.padEnd(12)} ${exactCount(of)}/${of.length}`;
          }),
          'Misses:',
          ...outcomes.filter((o) => !o.exact).map(describeMiss),
        ].join('\n'),
      );
      expect(exactCount(outcomes)).toBeGreaterThanOrEqual(passCount);
    }, 300_000);
  });
}
