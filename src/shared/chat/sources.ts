import type { SourceRef, Verification } from './types';

/** How sources and verification read, in the chat's footer and at the end of REST answers alike. */

const TOOL_WORDS: Record<string, string> = {
  get_quote: 'quote',
  get_history_summary: 'history',
  get_analysis: 'analysis',
  compare: 'comparison',
  forecast: '',
  search_symbols: 'search',
  explain_term: 'definition',
  get_portfolio: 'portfolio',
  get_company_profile: '',
  market_movers: '',
};

/** 'AAPL quote', 'AAPL 1Y history', 'AAPL 1M forecast'. */
export function describeSource(ref: SourceRef): string {
  const word = TOOL_WORDS[ref.tool] ?? ref.tool;
  return word ? `${ref.subject} ${word}` : ref.subject;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '14:05 UTC, Jan 15, 2025'. */
export function formatAsOf(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${iso.slice(11, 16)} UTC, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** Sources grouped by provider: label, what was looked up, and the newest as-of time. */
export function groupSources(
  sources: readonly SourceRef[],
): { label: string; simulated: boolean; items: string[]; asOf: string }[] {
  const groups = new Map<string, { label: string; simulated: boolean; items: string[]; asOf: string }>();
  for (const ref of sources) {
    const group = groups.get(ref.label) ?? { label: ref.label, simulated: ref.simulated, items: [], asOf: ref.asOf };
    group.items.push(describeSource(ref));
    if (ref.asOf > group.asOf) group.asOf = ref.asOf;
    groups.set(ref.label, group);
  }
  return [...groups.values()];
}

/** The plain-text footer appended to REST answers ('response'). */
export function sourcesFooter(sources: readonly SourceRef[], verification: Verification): string {
  const lines: string[] = [];
  const groups = groupSources(sources);
  if (groups.length) {
    lines.push(
      `Sources: ${groups.map((g) => `${g.label}: ${g.items.join(', ')} (as of ${formatAsOf(g.asOf)})`).join('; ')}.`,
    );
    if (groups.some((g) => g.simulated)) lines.push('Prices are simulated for demonstration, not real quotes.');
  }
  const unverified = verification.total - verification.verified;
  if (unverified > 0) {
    lines.push(`Warning: ${unverified} of ${verification.total} figures could not be verified against the data.`);
  }
  return lines.length ? `\n\n---\n${lines.join('\n')}` : '';
}
