import type { ParsedResult } from 'chrono-node';
import type { ForecastHorizon } from '../../../../shared/chat/schemas';
import type { HistoryRange } from '../../tools/getHistorySummary';
import { LANGUAGES, PERIODS, TAG } from './chronoParsers';
import { dayOf, daysBetween, isoDay, periodOf, shift, type Unit } from './days';
import type { Span } from './symbols';

/**
 * The periods and days a question names, read by chrono-node (chronoParsers.ts): a look-back the history tools name
 * (5D, 1M, 6M, YTD, 1Y, 5Y), any other period as explicit dates ('last quarter', 'between March 1 2025 and June 30
 * 2025', 'since January', 'last 3 months'), a single day ('on July 4', 'five years ago') and a look ahead ('the next
 * 3 months') as the forecast's horizon.
 */

export interface Period {
  from: string;
  to: string;
  /** Two days named ('between … and …'), a named period ('Q3 2024', 'last year'), or from a day to today. */
  kind: 'span' | 'calendar' | 'since';
}

export interface DateReading {
  range: HistoryRange | null;
  period: Period | null;
  /** A single day named; today's date when the question says 'today'. */
  day: string | null;
  /** The same day's next occurrence when its year was not said ('December 25' asked in January): for the calendar. */
  dayAhead: string | null;
  horizon: ForecastHorizon | null;
  /** 'All time', 'since I started'. */
  allTime: boolean;
  spans: Span[];
}

/** Look-backs the history tools name, by their length in days (a calendar month is 28 to 31 days). */
function rangeOfDays(days: number): HistoryRange | null {
  if (days >= 5 && days <= 7) return '5D';
  if (days >= 28 && days <= 31) return '1M';
  if (days >= 181 && days <= 184) return '6M';
  if (days >= 364 && days <= 366) return '1Y';
  if (days >= 1825 && days <= 1827) return '5Y';
  return null;
}

export function horizonOfDays(days: number): ForecastHorizon {
  if (days <= 14) return '1W';
  if (days <= 60) return '1M';
  if (days <= 135) return '3M';
  if (days <= 270) return '6M';
  return '1Y';
}

/** Words before a date that make it the start of a period up to today. */
const SINCE =
  /\b(since|seit|depuis|desde|dal|dall'|sinds|vanaf)(\s+the\s+(start|beginning)\s+of)?(\s+(last|this))?\s*$/i;
const BETWEEN = /\b(between|from|zwischen|von|entre|de|du|tra|fra|tussen|van)\s*$/i;
const JOINER = /^\s*(and|to|until|till|through|thru|-|–|und|bis|et|au|à|y|hasta|a|e|al|en|tot)\s*$/i;
/** 'five years ago' in the analyst's languages: a day, not a period. */
const AGO = /\bago$|^vor\b|^il y a\b|^hace\b|\bfa$|\bgeleden$/i;
/** A bare 'last year' is the calendar year; 'the last year' and 'the past year' are the twelve months to today. */
const CALENDAR_LAST = /^(last|previous) (month|year)$/i;

interface Read {
  kind: 'range' | 'period' | 'day' | 'horizon' | 'allTime';
  /** A month or day named without its year ('jan' in 'between jan and june 2024'). */
  yearless?: boolean;
  /** An all-time word that gives way to any period named beside it ('so far'). */
  weak?: boolean;
  dayAhead?: string;
  range?: HistoryRange;
  period?: Period;
  day?: string;
  horizon?: ForecastHorizon;
  start: number;
  end: number;
}

const tagged = (r: ParsedResult, prefix: string) => [...r.tags()].find((t) => t.startsWith(prefix));

/** A span back to today: a named range when one fits exactly, else explicit dates. */
function lookBack(from: string, today: string): Pick<Read, 'kind' | 'range' | 'period'> {
  const range = rangeOfDays(daysBetween(from, today));
  return range ? { kind: 'range', range } : { kind: 'period', period: { from, to: today, kind: 'since' } };
}

/** What may come before a 'now' that opens a message: nothing, or a word that carries the conversation on. */
const OPENING = /^\s*(?:(?:and|ok|okay|so|alright|right)[,\s]+)?$/i;

/** The last day of the period a date names when its day was not said ('June 2024' ends on June 30). */
function endOf(r: ParsedResult['start']): string {
  const day = isoDay(r.date());
  if (r.isCertain('day')) return day;
  return periodOf(day, r.isCertain('month') ? 'month' : 'year').to;
}

function readOne(r: ParsedResult, question: string, today: string): Read | null {
  const base = { start: r.index, end: r.index + r.text.length };
  const text = r.text.trim();
  const before = question.slice(Math.max(0, r.index - 30), r.index);
  if (tagged(r, TAG.ytd)) return { ...base, kind: 'range', range: 'YTD' };
  // 'So far' is all time only when no period is named ('dividends so far', not 'so far this year').
  if (tagged(r, TAG.allTime)) return { ...base, kind: 'allTime', weak: /^(?:so|up|until|till)\b/i.test(r.text) };
  const back = tagged(r, TAG.lookBack);
  if (back) {
    const [, n, unit] = back.split(':');
    return { ...base, ...lookBack(shift(today, unit as Unit, Number(n)), today) };
  }
  const start = isoDay(r.start.date());
  // 'Now do GOOGL', 'ok now compare them': a 'now' that opens a message moves the conversation on and names no day
  // ('and now?' alone still asks about today).
  if (/^now$/i.test(text) && OPENING.test(question.slice(0, r.index)) && /\w/.test(question.slice(r.index + 3)))
    return null;
  if (/^(today|now|right now|heute|hoy|aujourd'hui|oggi|vandaag)$/i.test(text))
    return { ...base, kind: 'day', day: today };
  if (/^this week$/i.test(text)) return { ...base, kind: 'range', range: '5D' };
  if (/^this month$/i.test(text)) return { ...base, kind: 'range', range: '1M' };
  // 'this 5 years ago' reads to chrono as five years ahead, with 'ago' left over: the same span back.
  if (start > today && /^\s+ago\b/i.test(question.slice(base.end))) {
    const months =
      (Number(start.slice(0, 4)) - Number(today.slice(0, 4))) * 12 +
      Number(start.slice(5, 7)) -
      Number(today.slice(5, 7));
    const day =
      start.slice(8) === today.slice(8)
        ? shift(today, 'month', months)
        : shift(today, 'day', daysBetween(today, start));
    return { start: base.start, end: base.end + question.slice(base.end).indexOf('ago') + 3, kind: 'day', day };
  }
  if (r.tags().has('result/relativeDate')) {
    if (start > today) return { ...base, kind: 'horizon', horizon: horizonOfDays(daysBetween(today, start)) };
    if (AGO.test(text)) return { ...base, kind: 'day', day: start };
    const calendar = CALENDAR_LAST.exec(text);
    // 'Since (the start of) last month' runs from that month's first day up to today, not to its last; so does 'since
    // the start of last year' ('since last year' alone stays the year: people mean about a year).
    const unit = calendar?.[2].toLowerCase() as 'month' | 'year' | undefined;
    if (unit && SINCE.test(before) && (unit === 'month' || /\b(?:start|beginning)\s+of\s*$/i.test(before))) {
      return {
        ...base,
        kind: 'period',
        period: { from: periodOf(shift(today, unit, 1), unit).from, to: today, kind: 'since' },
      };
    }
    if (calendar && !/\b(the|over|in|during|for)\s*$/i.test(before)) {
      const unit = calendar[2] as 'month' | 'year';
      return { ...base, kind: 'period', period: { ...periodOf(shift(today, unit, 1), unit), kind: 'calendar' } };
    }
    if (/^(last|previous) week$/i.test(text)) return { ...base, kind: 'range', range: '5D' };
    return { ...base, ...lookBack(start, today) };
  }
  // A weekday ('this Saturday', 'on Monday') is a day; chrono takes this week's, and once a bare one has passed
  // ('on sunday', asked on a Wednesday) the calendar asks about the next.
  if (r.start.isCertain('weekday') && !r.start.isCertain('month')) {
    const back =
      /\b(?:last|past|previous)\b/i.test(`${question.slice(Math.max(0, r.index - 9), r.index)}${r.text}`) ||
      /^\W*(?:was|were|did)\b/i.test(question);
    const ahead = start < today && !back ? shift(start, 'day', -7) : undefined;
    return { ...base, kind: 'day', day: start, ...(ahead ? { dayAhead: ahead } : {}) };
  }
  // A named period (a year, a quarter, a month) or a range chrono read whole ('Jan 2024 to Mar 2024').
  const since = SINCE.test(before);
  let from = start;
  // 'since March' in January is last March.
  if (from > today && !r.start.isCertain('year') && (since || r.end)) from = shift(from, 'year', 1);
  if (since) return { ...base, kind: 'period', period: { from, to: today, kind: 'since' } };
  if (r.end && !tagged(r, TAG.year) && !tagged(r, TAG.quarter) && !tagged(r, TAG.month)) {
    return { ...base, kind: 'period', period: { from, to: endOf(r.end), kind: 'span' } };
  }
  const yearless =
    r.tags().has(TAG.month) || (!r.start.isCertain('year') && !tagged(r, TAG.month) && !tagged(r, TAG.year));
  if (r.end || !r.start.isCertain('day')) {
    const to = r.end ? isoDay(r.end.date()) : endOf(r.start);
    // The period we are in ('dit jaar', 'in 2025'): so far, and this year is the year to date.
    if (from <= today && to > today) {
      if (from === `${today.slice(0, 4)}-01-01` && to === `${today.slice(0, 4)}-12-31`)
        return { ...base, kind: 'range', range: 'YTD' };
      return { ...base, kind: 'period', period: { from, to: today, kind: 'since' } };
    }
    return { ...base, yearless, kind: 'period', period: { from, to, kind: 'calendar' } };
  }
  const dayAhead = yearless && start < today ? shift(start, 'year', -1) : undefined;
  return { ...base, yearless, kind: 'day', day: start, ...(dayAhead ? { dayAhead } : {}) };
}

/** Two days joined as a period: 'between March 1 2025 and June 30 2025', 'from Jan 3 to Feb 7'. */
function joinPeriods(reads: Read[], question: string): Read[] {
  const out: Read[] = [];
  for (let i = 0; i < reads.length; i++) {
    const a = reads[i];
    const b = reads[i + 1];
    if (
      b &&
      (a.kind === 'day' || a.kind === 'period') &&
      (b.kind === 'day' || b.kind === 'period') &&
      JOINER.test(question.slice(a.end, b.start)) &&
      (BETWEEN.test(question.slice(Math.max(0, a.start - 10), a.start)) || a.kind === 'day')
    ) {
      let from = a.period?.from ?? a.day!;
      const to = b.period?.to ?? b.day!;
      // 'between jan and june 2024': the first part takes the year written at the end.
      if (a.yearless && !b.yearless) from = `${to.slice(0, 4)}${from.slice(4)}`;
      if (from > to) from = shift(from, 'year', 1);
      out.push({ kind: 'period', period: { from, to, kind: 'span' }, start: a.start, end: b.end });
      i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** Readings that share no words: the longer kept where two overlap, the periods' own on a tie. */
function withoutOverlaps(periods: ParsedResult[], general: ParsedResult[]): ParsedResult[] {
  const kept: ParsedResult[] = [];
  const ends = (r: ParsedResult) => r.index + r.text.length;
  const ranked = [...periods, ...general].sort((a, b) => b.text.length - a.text.length); // stable: periods first
  for (const r of ranked) if (!kept.some((k) => r.index < ends(k) && ends(r) > k.index)) kept.push(r);
  return kept;
}

/**
 * chrono reads 'be' after a year as the Buddhist era ('… on January 3 2023 be worth' is 1480): an English verb to
 * an investor. Blanked, same length, so the results' offsets still point into the question.
 */
function withoutEraWords(question: string): string {
  return question.replace(/\b((?:19|20)\d{2})(\s+)be\b/gi, (_, year: string, space: string) => `${year}${space}  `);
}

export function readDates(question: string, now: number, language: string | null): DateReading {
  const today = dayOf(now);
  const reference = { instant: new Date(now), timezone: 0 };
  const parsers = [LANGUAGES.English, ...(language && LANGUAGES[language] ? [LANGUAGES[language]] : [])];
  const text = withoutEraWords(question);
  const results = withoutOverlaps(
    PERIODS.parse(text, reference),
    parsers.flatMap((p) => p.parse(text, reference)),
  );
  results.sort((a, b) => a.index - b.index);
  const reads = joinPeriods(
    results.map((r) => readOne(r, question, today)).filter((r): r is Read => r !== null),
    question,
  );
  const first = <K extends Read['kind']>(kind: K) => reads.find((r) => r.kind === kind);
  return {
    range: first('range')?.range ?? null,
    period: first('period')?.period ?? null,
    // 'today' is the day only when no other day is named ('… today, 5 years ago').
    day: reads.find((r) => r.kind === 'day' && r.day !== today)?.day ?? first('day')?.day ?? null,
    dayAhead: reads.find((r) => r.kind === 'day' && r.dayAhead)?.dayAhead ?? null,
    horizon: first('horizon')?.horizon ?? null,
    allTime: reads.some((r) => r.kind === 'allTime' && (!r.weak || reads.every((o) => o.kind === 'allTime'))),
    spans: reads.map((r) => ({ start: r.start, end: r.end })),
  };
}
