import { firstSentence } from './answerKind';
import type { HeldOutQuestion } from './heldOut/shared';
import type { EvalOutcome } from './runEval';

/** A missed held-out question as the evaluations print it: what was asked, expected and got, and how it began. */
export function describeMiss(o: EvalOutcome): string {
  const q = o.question as HeldOutQuestion;
  const { expect: e } = q;
  const context = [
    q.history ? `after ${JSON.stringify(q.history)}` : '',
    q.viewing ? `viewing ${q.viewing}` : '',
  ].filter(Boolean);
  return [
    `✗ [${q.id}] ${q.question}${context.length ? ` (${context.join(', ')})` : ''}`,
    `    expected ${JSON.stringify(e.tools)} ${e.form}${e.kind ? ` kind ${e.kind}` : ''}${e.says ? ` says ${e.says}` : ''}`,
    `    got      ${JSON.stringify(o.calls)} ${o.form}${o.kindMatches === false ? ` (not ${e.kind})` : ''}${
      o.unverified.length ? ` unverified: ${o.unverified.join(', ')}` : ''
    }`,
    `    first sentence: ${JSON.stringify(firstSentence(o.content).slice(0, 160))}`,
  ].join('\n');
}
