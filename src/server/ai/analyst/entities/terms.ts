import { GLOSSARY, type GlossaryEntry } from '../../tools/glossary';
import type { Span } from './symbols';

/**
 * Glossary terms a question names ('RSI', 'time-weighted return', 'P/E'), longest alias first so 'dividend yield'
 * is not read as 'dividend', in the order written.
 */

export interface TermMention {
  entry: GlossaryEntry;
  span: Span;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const ALIASES = GLOSSARY.flatMap((entry) =>
  [entry.term.toLowerCase(), ...entry.aliases].map((alias) => ({ alias, entry })),
).sort((a, b) => b.alias.length - a.alias.length);

const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(${ALIASES.map((a) => escape(a.alias).replace(/[- ]/g, '[- ]?')).join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

const BY_ALIAS = new Map(ALIASES.map((a) => [a.alias.replace(/[- ]/g, ''), a.entry]));

const ALIAS_SET = new Set(ALIASES.map((a) => a.alias));

/** A word or phrase the glossary knows ('twr', 'eps'). */
export const isGlossaryWord = (word: string) => ALIAS_SET.has(word.toLowerCase());

export function readTerms(question: string): TermMention[] {
  const out: TermMention[] = [];
  for (const m of question.matchAll(PATTERN)) {
    const entry = BY_ALIAS.get(m[1].toLowerCase().replace(/[- ]/g, ''));
    if (entry && !out.some((t) => t.entry === entry)) {
      out.push({ entry, span: { start: m.index, end: m.index + m[1].length } });
    }
  }
  return out;
}
