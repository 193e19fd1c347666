import * as chrono from 'chrono-node';
import { DAY_MS, nyseNamedHolidays } from '../../../../shared/market/nyseCalendar';

/**
 * chrono-node, taught the few periods investors name that it does not read on its own: bare look-backs
 * ('over 6 months', 'the 5-year return', '52-week high'), calendar years and quarters ('in 2023', 'Q3 2024',
 * 'last quarter'), the year to date, and the exchange's holidays by name ('on Thanksgiving'). Each result of these
 * parsers carries a tag saying what it is; chrono's own results keep theirs.
 */

export const TAG = {
  lookBack: 'tickwise/lookBack',
  year: 'tickwise/year',
  quarter: 'tickwise/quarter',
  ytd: 'tickwise/ytd',
  holiday: 'tickwise/holiday',
  allTime: 'tickwise/allTime',
  month: 'tickwise/month',
} as const;

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  'fifty two': 52,
  'fifty-two': 52,
};
const numberOf = (text: string) => NUMBER_WORDS[text.toLowerCase()] ?? Number(text);

/** The reference day of a parse, as a UTC date. */
function refDay(context: chrono.ParsingContext): Date {
  const d = context.refDate;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

const components = (d: Date) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });

/** 'over 6 months', 'the 5-year return', '52-week high', 'half a year': a span back to today. */
const lookBack: chrono.Parser = {
  pattern: () =>
    /(?<!\b(?:in|next|coming|upcoming|following)\s+(?:the\s+)?)\b(?:(long)[- ]term|(half) an? (year)|(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifty[- ]two)[- ](day|week|month|quarter|year)s?)\b(?!\s+(?:ago|from now|later))/i,
  extract(context, match) {
    // 'The long term' is the longest look-back the history tools have.
    const [n, unit] = match[1] ? [5, 'year'] : match[2] ? [6, 'month'] : [numberOf(match[4]), match[5].toLowerCase()];
    if (!Number.isFinite(n) || n <= 0) return null;
    // 'in 6 months' looks ahead: chrono's own reading of it is longer and wins.
    const result = context.createParsingResult(match.index!, match[0], components(refDay(context)));
    return result.addTag(`${TAG.lookBack}:${n}:${unit}`);
  },
};

/** 'in 2023', 'during 2022', 'since 2020': a calendar year. */
const year: chrono.Parser = {
  // Not an amount ('$2000', '2000 dollars').
  pattern: () =>
    /(?<![$€£\d,.])\b((?:19|20)\d{2})\b(?![-/.:,]\d)(?!\s*(?:dollars?|bucks|usd|euros?|eur|pounds?|gbp|k\b|%))/i,
  extract(context, match) {
    const y = Number(match[1]);
    return context
      .createParsingResult(match.index!, match[0], { year: y, month: 1, day: 1 }, { year: y, month: 12, day: 31 })
      .addTag(TAG.year);
  },
};

const ORDINAL_QUARTER: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
};

/** 'Q3 2024', 'the third quarter of 2024', 'last quarter', 'this quarter': a calendar quarter. */
const quarter: chrono.Parser = {
  pattern: () =>
    /\b(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th) quarter)(?:\s+(?:of\s+)?((?:19|20)\d{2}))?\b|\b(last|previous|prior|this|current) quarter\b/i,
  extract(context, match) {
    const today = refDay(context);
    let y = today.getUTCFullYear();
    let q: number;
    if (match[4]) {
      q = Math.floor(today.getUTCMonth() / 3) + 1;
      if (/this|current/i.test(match[4])) {
        return context
          .createParsingResult(match.index!, match[0], { year: y, month: 3 * q - 2, day: 1 }, components(today))
          .addTag(TAG.quarter);
      }
      q -= 1;
      if (q === 0) {
        q = 4;
        y -= 1;
      }
    } else {
      q = match[1] ? Number(match[1]) : ORDINAL_QUARTER[match[2].toLowerCase()];
      if (match[3]) y = Number(match[3]);
      else if (3 * q - 2 > today.getUTCMonth() + 1) y -= 1; // 'Q4' in January is last year's
    }
    const end = new Date(Date.UTC(y, 3 * q, 0));
    return context
      .createParsingResult(match.index!, match[0], { year: y, month: 3 * q - 2, day: 1 }, components(end))
      .addTag(TAG.quarter);
  },
};

/** 'the first half of 2024', 'H2 2023': six calendar months. */
const half: chrono.Parser = {
  pattern: () => /\b(?:(first|second|1st|2nd) half|h([12]))(?:\s+of)?\s+((?:19|20)\d{2})\b/i,
  extract(context, match) {
    const second = match[2] ? match[2] === '2' : /second|2nd/i.test(match[1]);
    const y = Number(match[3]);
    return context
      .createParsingResult(
        match.index!,
        match[0],
        { year: y, month: second ? 7 : 1, day: 1 },
        { year: y, month: second ? 12 : 6, day: second ? 31 : 30 },
      )
      .addTag(TAG.quarter);
  },
};

/** 'this year', 'YTD', 'year to date', 'since the start of the year'. */
const ytd: chrono.Parser = {
  pattern: () =>
    /\b(?:ytd|year[- ]to[- ]date|(?:so far )?this year|since the (?:start|beginning) of (?:the|this) year)\b/i,
  extract(context, match) {
    const today = refDay(context);
    return context
      .createParsingResult(
        match.index!,
        match[0],
        { year: today.getUTCFullYear(), month: 1, day: 1 },
        components(today),
      )
      .addTag(TAG.ytd);
  },
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A month named alone ('between jan and june 2024', 'since feb'): chrono reads a bare abbreviation only beside a
 * day. 'May' is a month only after a word that introduces one. The month is the latest one not after today, unless
 * a year is written.
 */
const month: chrono.Parser = {
  pattern: () =>
    /\b(?:(?<=\b(?:in|since|from|between|and|to|until|through|during|of)\s+)(may)|(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|ember|ober)?)\b(?:\s+((?:19|20)\d{2}))?/i,
  extract(context, match) {
    const index = MONTHS.indexOf((match[1] ?? match[2]).slice(0, 3).toLowerCase());
    if (index < 0) return null;
    const today = refDay(context);
    let y = match[3] ? Number(match[3]) : today.getUTCFullYear();
    if (!match[3] && index > today.getUTCMonth()) y -= 1;
    const end = new Date(Date.UTC(y, index + 1, 0));
    const result = context.createParsingResult(
      match.index!,
      match[0],
      { year: y, month: index + 1, day: 1 },
      components(end),
    );
    return result.addTag(match[3] ? `${TAG.month}:year` : TAG.month);
  },
};

/** 'all time', 'since I started', 'since inception': everything there is. */
const allTime: chrono.Parser = {
  pattern: () =>
    /\b(?:all[- ]time|since (?:i|we) (?:started|began|opened (?:it|the account)|bought)(?: investing)?|since inception|since the (?:very )?beginning|from the start|ever|in total|overall|to date|so far|up to now|until now|till now)\b/i,
  extract(context, match) {
    return context.createParsingResult(match.index!, match[0], components(refDay(context))).addTag(TAG.allTime);
  },
};

/** Names people give the exchange's holidays, to the calendar's names. */
const HOLIDAY_NAMES: [RegExp, string][] = [
  [/new year'?s(?: day| eve)?/, "New Year's Day"],
  [/(?:martin luther king|mlk)(?: jr\.?)?(?: day)?/, 'Martin Luther King Jr. Day'],
  [/(?:washington'?s birthday|presidents'? day|president'?s day)/, "Washington's Birthday"],
  [/good friday/, 'Good Friday'],
  [/memorial day/, 'Memorial Day'],
  [/juneteenth/, 'Juneteenth'],
  [/(?:independence day|the fourth of july|fourth of july|4th of july)/, 'Independence Day'],
  [/labou?r day/, 'Labor Day'],
  [/thanksgiving(?: day)?/, 'Thanksgiving Day'],
  [/christmas(?: day)?|xmas/, 'Christmas Day'],
];

/** The next time (today included) the exchange observes a named holiday. */
export function nextHoliday(name: string, today: Date): Date | null {
  const todayNumber = Math.floor(today.getTime() / DAY_MS);
  for (let y = today.getUTCFullYear(); y <= today.getUTCFullYear() + 1; y++) {
    const hit = nyseNamedHolidays(y).find((h) => h.name === name && h.day >= todayNumber);
    if (hit) return new Date(hit.day * DAY_MS);
  }
  return null;
}

/** Eves the exchange usually keeps open (early close): a day, not the holiday after it. */
const EVES: Record<string, [number, number]> = {
  'christmas eve': [12, 24],
  "new year's eve": [12, 31],
  'new years eve': [12, 31],
};

const holiday: chrono.Parser = {
  pattern: () =>
    new RegExp(
      `\\b(?:christmas eve|new year'?s eve|${HOLIDAY_NAMES.map(([re]) => re.source).join('|')})\\b(?:,?\\s+((?:19|20)\\d{2})\\b)?`,
      'i',
    ),
  extract(context, match) {
    const year = match[1] ? Number(match[1]) : null;
    const text = (
      year ? match[0].slice(0, match[0].length - match[1].length).replace(/[,\s]+$/, '') : match[0]
    ).toLowerCase();
    const eve = EVES[text];
    if (eve) {
      const today = refDay(context);
      let y = year ?? today.getUTCFullYear();
      if (!year && Date.UTC(y, eve[0] - 1, eve[1]) < today.getTime()) y += 1;
      return context
        .createParsingResult(match.index!, match[0], { year: y, month: eve[0], day: eve[1] })
        .addTag(TAG.holiday);
    }
    const name = HOLIDAY_NAMES.find(([re]) => new RegExp(`^${re.source}$`).test(text))?.[1];
    // 'good friday 2026': that year's; else the next one.
    const inYear = name && year ? nyseNamedHolidays(year).find((h) => h.name === name) : undefined;
    const day = inYear ? new Date(inYear.day * DAY_MS) : name ? nextHoliday(name, refDay(context)) : null;
    if (!day) return null;
    return context.createParsingResult(match.index!, match[0], components(day)).addTag(TAG.holiday);
  },
};

/**
 * The periods above, read apart from chrono's own parsers: where both read the same words ('last quarter' is three
 * months back to chrono, 'this year' the whole year), these readings win.
 */
export const PERIODS = new chrono.Chrono({
  parsers: [lookBack, year, quarter, half, ytd, holiday, allTime, month],
  refiners: [],
});

/** chrono per language of the analyst (language.ts's names); English is always read too. */
export const LANGUAGES: Record<string, chrono.Chrono> = {
  English: chrono.casual,
  German: chrono.de.casual,
  Spanish: chrono.es.casual,
  Portuguese: chrono.pt.casual,
  French: chrono.fr.casual,
  Italian: chrono.it.casual,
  Dutch: chrono.nl.casual,
};
