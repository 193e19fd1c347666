import type { Findings } from '../findings';

/** A glossary definition, as the tool gave it: the definition is the first sentence, how Tickwise uses it after. */
export function writeTerm(term: Findings['terms'][number]): string {
  return [term.definition, term.inTickwise ? `\n\n_In Tickwise:_ ${term.inTickwise}` : ''].join('');
}
