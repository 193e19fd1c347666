import type { SearchData } from '../../tools/searchSymbols';

/** Ticker look-up results. */
export function writeSearch(data: SearchData): string {
  if (data.results.length === 0) {
    return `I found no ticker for "${data.query}". Try the company's full name or a different spelling.`;
  }
  const [first, ...rest] = data.results;
  const lines = [
    `The best match for "${data.query}" is **${first.symbol}**, ${first.name} (${first.exchange}, ${first.type}).`,
  ];
  if (rest.length)
    lines.push('', 'Other matches:', ...rest.slice(0, 4).map((r) => `- **${r.symbol}**: ${r.name} (${r.exchange})`));
  return lines.join('\n');
}
