import { describeDevSet } from './agentEval/devSet';
import { DEV_FOURTH } from './agentEval/devFourth/questions';

/**
 * The fourth development set of the built-in analyst (agentEval/devFourth): every failure kind of issue 28 again, in
 * shapes the other sets do not use (slang, abbreviations, typos in ordinary words, padding, relative dates, numbers
 * in words), written by a reader who had seen neither the engine nor the other sets' questions. A dev set: its
 * misses are printed and the engine may be tuned on them in general ways, never on the blind sets'.
 */

/** The score after this set's fixes: a floor. */
const PASS_COUNT = 0;

describeDevSet({ title: 'fourth development set', questions: DEV_FOURTH, minQuestions: 120, passCount: PASS_COUNT });
