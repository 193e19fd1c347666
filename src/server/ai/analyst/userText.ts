/**
 * Text the user wrote (a portfolio's name), put into an answer mid-sentence as text: every character Markdown would
 * read there as emphasis, code, a link, HTML or a table cell is escaped, so '*Tech* [bets](x)' shows exactly as typed.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, '\\$&');
}
