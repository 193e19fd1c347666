import { describeDevSet } from './agentEval/devSet';
import { DEV_NEXT } from './agentEval/devNext/questions';

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

/** The score after branch agent-next (239/242): a floor. */
const PASS_COUNT = 239;

describeDevSet({ title: 'second development set', questions: DEV_NEXT, minQuestions: 60, passCount: PASS_COUNT });
