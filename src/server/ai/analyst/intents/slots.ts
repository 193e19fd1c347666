import { GLOSSARY } from '../../tools/glossary';
import { SYMBOL } from './features';

/**
 * The shared pieces of the paraphrase files. SYM stands where the symbol reader puts its placeholder (names say
 * nothing about the intent); DATE stands for the ways people write a period or a day, written out (the classifier
 * reads dates as words: 'last quarter', 'since January'); the {SLOTS} are choices many lines share: how people open
 * a question, refer to what was said before, write an amount, or name a term of the glossary.
 */

const DATES = [
  'last year',
  'this year',
  'this week',
  'last week',
  'this month',
  'last month',
  'last quarter',
  'this quarter',
  'the last 3 months',
  'the past 6 months',
  'the past year',
  'the last two years',
  'the past five years',
  'the last 30 days',
  'since january',
  'since march 2024',
  'since 2020',
  'in 2023',
  'q3 2024',
  'the third quarter of 2024',
  'between march 1 2025 and june 30 2025',
  'from jan 2024 to mar 2024',
  'march 2024',
  'june 30 2025',
  'year to date',
  'ytd',
  '5 years',
  'a year',
  '6 months',
  'the long term',
  '2024',
  'five years ago',
  'july 4',
  'next week',
  'next year',
  'the next 3 months',
  // Months and spans as typed, so that a month's name is a word questions use.
  'december',
  'november',
  'october 2024',
  'feb to may 2024',
  'the first half of 2024',
];

const TERMS = [...new Set(GLOSSARY.flatMap((e) => [e.term.toLowerCase(), ...e.aliases]))]
  .filter((t) => !/[()|[\]]/.test(t))
  .sort();

export const SLOTS: Record<string, string> = {
  PRE: '[hey|hi|ok|so|quick question:|tell me,|can you tell me|i want to know|i was wondering|please tell me|do you know]',
  PLEASE: '[please|pls|thanks|thank you]',
  NOW: '[today|right now|now|currently|at the moment|this morning|so far today]',
  IT: '(SYM|it|this stock|this one|the stock|this company|that stock|this share|the company|that one|this ticker)',
  THEM: '(SYM and SYM|SYM, SYM and SYM|them|both|the two|these two|those two|both of them|these stocks|the two stocks|SYM or SYM)',
  AMT: '($10,000|10k|$10k|$5,000|5 grand|$1,000|€5.000|1,000 dollars|ten thousand dollars|$500|$2.5k|20k|$100|$25,000|a thousand dollars|100 bucks|$1k|2000 dollars|50k|£1,000|1,000 usd|500 usd|$2,000 usd)',
  TERM: `(${TERMS.join('|')})`,
};

/** A template with its slots and placeholders written out. */
export function withSlots(template: string): string {
  return template
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      const slot = SLOTS[name];
      if (slot === undefined) throw new Error(`Unknown slot {${name}} in paraphrase: ${template}`);
      return slot;
    })
    .replace(/\bSYM\b/g, SYMBOL)
    .replace(/\bDATE\b/g, `(${DATES.join('|')})`);
}
