import type { AnnotatedFigure, FigureSource, Verification } from '../../shared/chat/types';
import { findDates } from './grounding/dates';
import { buildDerivedIndex, findDerived, type DerivedIndex } from './grounding/derived';
import {
  buildFactIndex,
  lowerBound,
  type Evidence,
  type Fact,
  type FactIndex,
  type Provenance,
} from './grounding/facts';
import { findNumbers, type NumberToken } from './grounding/numbers';
import { findTickers } from './grounding/tickers';

export type { Evidence } from './grounding/facts';

/**
 * The grounding check: every number, ticker and date in an answer is matched to this turn's tool results, or it is
 * marked unverified. Numbers match a tool value within the rounding the answer shows (a sign written as a word —
 * 'down 2.3%' — is fine), in the same unit (a '%' never matches a price), or a simple derived value (the difference
 * of two values, the percent change between two prices). The UI marks verified figures with their source and shows a
 * warning on the others.
 */

export interface GroundingResult {
  figures: AnnotatedFigure[];
  verification: Verification;
}

const iso = (ms: number) => new Date(ms).toISOString();

function sourceOf(p: Provenance, value?: number, derivedFrom?: string): FigureSource {
  return {
    tool: p.tool,
    label: p.label,
    asOf: iso(p.asOf),
    provider: p.provider,
    ...(value === undefined ? {} : { value }),
    ...(derivedFrom ? { derivedFrom } : {}),
  };
}

/** Replaces the given spans with spaces (same length, so offsets stay), in one pass. */
function blank(text: string, spans: [number, number][]): string {
  if (spans.length === 0) return text;
  spans.sort((x, y) => x[0] - y[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    out += text.slice(at, from) + ' '.repeat(end - from);
    at = end;
  }
  return out + text.slice(at);
}

/** Blanks out spans that hold numbers which are not figures: names, links, numbered-list markers. */
function mask(text: string, index: FactIndex): string {
  const spans: [number, number][] = [];
  for (const name of index.names) {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length))
      spans.push([at, at + name.length]);
  }
  for (const m of text.matchAll(/https?:\/\/\S+/g)) spans.push([m.index, m.index + m[0].length]);
  for (const m of text.matchAll(/^(\s*)(\d{1,2})[.)](?=\s)/gm))
    spans.push([m.index + m[1].length, m.index + m[0].length]);
  return blank(text, spans);
}

/** A written '%' or '$' must meet a tool value of that unit; a bare number may meet any. */
function compatible(token: NumberToken, fact: Fact): boolean {
  return token.unit === 'plain' || token.unit === fact.unit;
}

function matchNumber(token: NumberToken, index: FactIndex, derived: () => DerivedIndex): FigureSource | null {
  const target = Math.abs(token.value);
  for (let i = lowerBound(index.abs, target - token.tolerance); i < index.numbers.length; i++) {
    if (index.abs[i] > target + token.tolerance) break;
    const fact = index.numbers[i];
    if (compatible(token, fact)) return sourceOf(fact, fact.value);
  }
  const d = findDerived(derived(), token.value, token.tolerance, token.unit);
  if (d) {
    const how = d.op === 'difference' ? `${d.a.label} − ${d.b.label}` : `change from ${d.b.label} to ${d.a.label}`;
    return sourceOf(d.a, d.value, how);
  }
  return null;
}

export function groundAnswer(content: string, evidence: readonly Evidence[], now: number): GroundingResult {
  const index = buildFactIndex(evidence, now);
  let derivedIndex: DerivedIndex | null = null;
  const derived = () => (derivedIndex ??= buildDerivedIndex(index));
  const figures: AnnotatedFigure[] = [];

  const masked = mask(content, index);
  const dates = findDates(masked);
  for (const d of dates) {
    const source = d.day
      ? d.day.startsWith('*')
        ? findDayWithoutYear(index, d.day)
        : index.days.get(d.day)
      : d.time
        ? index.times.get(d.time)
        : undefined;
    const timeOk = !d.time || !d.day || index.times.has(d.time);
    const verified = Boolean(source) && timeOk;
    figures.push({
      text: content.slice(d.start, d.end),
      start: d.start,
      end: d.end,
      kind: 'date',
      verified,
      ...(verified ? { source: sourceOf(source!) } : {}),
    });
  }
  const text = blank(
    masked,
    dates.map((d) => [d.start, d.end]),
  );

  for (const token of findNumbers(text)) {
    // A bare four-digit number that is the year of the data is a date ('so far in 2025').
    const year = token.bareInteger ? index.years.get(token.value) : undefined;
    const kind: AnnotatedFigure['kind'] = year ? 'date' : 'number';
    const source = year ? sourceOf(year) : matchNumber(token, index, derived);
    figures.push({
      text: content.slice(token.start, token.end),
      start: token.start,
      end: token.end,
      kind,
      value: token.value,
      verified: Boolean(source),
      ...(source ? { source } : {}),
    });
  }

  for (const t of findTickers(text, new Set(index.symbols.keys()))) {
    const source = index.symbols.get(t.symbol);
    figures.push({
      text: t.text,
      start: t.start,
      end: t.end,
      kind: 'ticker',
      verified: Boolean(source),
      ...(source ? { source: sourceOf(source) } : {}),
    });
  }

  figures.sort((a, b) => a.start - b.start);
  const verified = figures.filter((f) => f.verified).length;
  return { figures, verification: { verified, total: figures.length } };
}

function findDayWithoutYear(index: FactIndex, pattern: string): Provenance | undefined {
  const monthDay = pattern.slice(1);
  for (const [day, p] of index.days) if (day.endsWith(monthDay)) return p;
  return undefined;
}
