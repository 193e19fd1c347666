import { writeAnswer, capabilities, type AnswerOptions } from './answers';
import type { Findings } from './findings';
import { inEnglishNote } from './language';
import type { Plan } from './plan';
import { moment, named } from './prose';
import { writeClarify } from './writers/clarify';

/**
 * The analyst's answer: the answer proper first (its first sentence is what was asked: the dollar figure, the yes
 * or no, the definition), then what it could not answer, the notes that say why a symbol or language was read the
 * way it was, and the as-of line.
 */

export { capabilities };

export interface Composed {
  content: string;
  /**
   * False when the answer only asks what was meant: nothing recognisable was asked, no symbol was given, or every
   * symbol asked about is unknown. Such a turn is not charged.
   */
  understood: boolean;
}

export interface ComposeOptions extends AnswerOptions {
  nameOf: (symbol: string) => string | undefined;
}

export function compose(plan: Plan, findings: Findings, options: ComposeOptions): Composed {
  if (plan.intent === 'unclear') return { content: writeClarify(plan, options.nameOf), understood: false };
  const sections = writeAnswer(plan, findings, options);
  const answered = sections.length > 0;
  // The same unknown symbol fails in every tool that was asked about it: say so once.
  for (const sentence of new Set(findings.failures.map((f) => failureSentence(f.message)))) sections.push(sentence);
  const onlyUnknownSymbols =
    !answered && findings.failures.length > 0 && findings.failures.every((f) => /^Unknown symbols? /.test(f.message));
  if (sections.length === 0) {
    return { content: writeClarify({ ...plan, unclear: 'nothing' }, options.nameOf), understood: false };
  }

  if (answered && plan.guesses.length) {
    sections.push(
      `_I read ${plan.guesses.map((g) => `"${g.written}" as ${named(options.nameOf(g.symbol) ?? g.symbol, g.symbol)}`).join(', ')}: tell me if you meant another._`,
    );
  }
  if (plan.symbolsFrom === 'viewing' && answered && findings.asOf) sections.push(`_About the chart you are viewing._`);
  if (plan.language) sections.push(inEnglishNote(plan.language));
  if (findings.asOf && findings.sourceLabel) {
    const note = findings.simulated ? ' These are simulated prices for demonstration, not real quotes.' : '';
    sections.push(`_Data: ${findings.sourceLabel}, as of ${moment(findings.asOf)}.${note}_`);
  }
  return { content: sections.join('\n\n'), understood: !onlyUnknownSymbols };
}

/** A tool's failure in the analyst's words (the tool's message is already written for people). */
function failureSentence(message: string): string {
  const unknown = /^Unknown symbols? ([^:]+):/.exec(message);
  if (unknown) {
    return `I couldn't find market data for ${unknown[1]}. Check the ticker, or ask me to look up the symbol for a company name.`;
  }
  if (/temporarily unavailable/.test(message))
    return 'Market data is temporarily unavailable, so I could not fetch everything. Please try again shortly.';
  if (/not in the glossary/.test(message)) return "That term isn't in my glossary yet.";
  if (/^Portfolio not found/.test(message)) return "I couldn't find that portfolio among yours.";
  return `Part of the answer is missing: ${message.replace(/\.$/, '')}.`;
}
