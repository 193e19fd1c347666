import type { Findings } from '../findings';

/** A glossary definition, as the tool gave it. */
export function writeTerm(term: NonNullable<Findings['term']>): string {
  return [`**${term.term}**: ${term.definition}`, term.inTickwise ? `\n_In Tickwise:_ ${term.inTickwise}` : ''].join(
    '',
  );
}
