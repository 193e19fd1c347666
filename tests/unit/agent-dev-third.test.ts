import { describeDevSet } from './agentEval/devSet';
import { DEV_THIRD } from './agentEval/devThird/questions';

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

/** The score after this set's fixes (124/125): a floor. */
const PASS_COUNT = 124;

describeDevSet({ title: 'third development set', questions: DEV_THIRD, minQuestions: 40, passCount: PASS_COUNT });
