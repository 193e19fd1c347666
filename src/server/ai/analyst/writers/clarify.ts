import type { Plan } from '../plan';
import { list } from '../prose';

/**
 * The short question back when the analyst cannot tell what was asked: which of the likely instruments a misspelt
 * name meant, which stock a question is about, or what kind of answer is wanted. Uncharged, one sentence.
 */
export function writeClarify(plan: Plan, nameOf: (symbol: string) => string | undefined): string {
  if (plan.unclear === 'which-symbol' && plan.unsure.length) {
    const { written, candidates } = plan.unsure[0];
    if (candidates.length === 0)
      return `I don't know "${written.slice(0, 40)}": which company or fund do you mean, by its name or ticker?`;
    // Names, not tickers: a ticker no tool returned is a figure the answer could not verify.
    const named = candidates.slice(0, 3).map((s) => nameOf(s) ?? s);
    return `I don't know "${written.slice(0, 40)}": did you mean ${list(named).replace(/ and ([^,]*)$/, ' or $1')}?`;
  }
  if (plan.unclear === 'no-symbol') return 'Which stock or fund do you mean, by its name or ticker?';
  return "I didn't catch that: would you like a stock's price, how it has done, a comparison, or what an investing term means?";
}
