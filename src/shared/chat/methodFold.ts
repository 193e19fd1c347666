/**
 * An answer may end with the method behind its figures under this heading; the chat folds it away ('How this is
 * computed') so the plain-words answer comes first. Written as a bold line of its own so that anywhere the fold is
 * not rendered (the REST answer, a copied text) it still reads as a heading.
 */
export const METHOD_FOLD_TITLE = 'How this is computed';

const MARKER = `\n\n**${METHOD_FOLD_TITLE}**\n`;

/** The method section as an answer writes it: the heading line, then its text (no blank line: it ends at one). */
export const methodFold = (body: string) => `${MARKER}${body.replace(/\n{2,}/g, '\n')}`;

/** The answer without the fold (what stands before and after it) and the method inside it (null when none). */
export function splitMethodFold(content: string): { answer: string; method: string | null } {
  const at = content.indexOf(MARKER);
  if (at < 0) return { answer: content, method: null };
  const bodyStart = at + MARKER.length;
  const end = content.indexOf('\n\n', bodyStart);
  const method = content.slice(bodyStart, end < 0 ? undefined : end).trim();
  return { answer: content.slice(0, at) + (end < 0 ? '' : content.slice(end)), method };
}
