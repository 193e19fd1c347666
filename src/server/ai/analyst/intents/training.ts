import { CONVERSATION } from './data/conversation';
import { LANGUAGES } from './data/languages';
import { MARKET } from './data/market';
import { PERIODS } from './data/periods';
import { PORTFOLIO } from './data/portfolio';
import { READINGS } from './data/readings';
import { STOCKS } from './data/stocks';
import { expand, seeded } from './grammar';
import { INTENTS, type Intent, type Paraphrases } from './labels';
import { withSlots } from './slots';

/** Every paraphrase file, merged by label. */
export const PARAPHRASE_FILES: readonly Paraphrases[] = [
  STOCKS,
  READINGS,
  PERIODS,
  MARKET,
  PORTFOLIO,
  CONVERSATION,
  LANGUAGES,
];

/** Sentences one template line contributes at most, so a line with many choices cannot drown the others. */
const PER_LINE = 80;

export interface Example {
  text: string;
  intent: Intent;
}

/** The labelled training set: every template expanded (the same sentences on every run). */
export function trainingExamples(): Example[] {
  const random = seeded(28);
  const out: Example[] = [];
  for (const intent of INTENTS) {
    const seen = new Set<string>();
    for (const file of PARAPHRASE_FILES) {
      for (const line of file[intent] ?? []) {
        for (const text of expand(withSlots(line), PER_LINE, random)) {
          if (seen.has(text)) continue;
          seen.add(text);
          out.push({ text, intent });
        }
      }
    }
  }
  return out;
}
