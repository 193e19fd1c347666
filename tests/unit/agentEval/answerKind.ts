import { splitMethodFold } from '../../../src/shared/chat/methodFold';

/**
 * The answer kinds of the agent contract (issue 28): what the first sentence of an answer must be for the question
 * asked (a dollar figure for 'what would it be worth', a yes or no for 'is the market open', a definition for 'what
 * is P/E'). Checked on the text alone, with patterns that know nothing of any engine, so every engine is held to the
 * same reading of its answer.
 *
 * The text checked is what a reader sees first: the answer without the method fold, without a leading note set
 * wholly in italics (such as "_You asked in German; I answer in English._", which is about the answer, not the
 * answer), and without Markdown emphasis, heading, quote or list marks.
 */

export type AnswerKind = 'dollar' | 'percent' | 'yes-no' | 'definition' | 'date' | 'question-back';

/** Languages a question may be asked in besides English (those the built-in analyst reads). */
export type QuestionLanguage = 'de' | 'es' | 'fr' | 'it' | 'nl';

/** A paragraph that is entirely in italics: a note about the answer. */
const ITALIC_NOTE = /^(?:_[^_\n][^\n]*_|\*[^*\n][^\n]*\*)$/;

/** The answer's text without the method fold and leading italic notes, paragraphs kept. */
export function answerLead(content: string): string {
  const paragraphs = splitMethodFold(content)
    .answer.split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  while (paragraphs.length > 1 && ITALIC_NOTE.test(paragraphs[0])) paragraphs.shift();
  return paragraphs.join('\n\n');
}

/** A line without Markdown marks: emphasis, code, heading, quote and list markers. */
const plain = (line: string) =>
  line
    .replace(/[*_`]/g, '')
    .replace(/^\s*(?:#{1,6}\s+|>\s*|[-+•]\s+|\d+[.)]\s+)/, '')
    .trim();

/** Words a full stop follows without ending the sentence. */
const ABBREVIATIONS = new Set(
  'inc corp co ltd plc vs etc approx st mr mrs dr jr sr ca cf jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
);

/** The first sentence of the answer's first line: up to the first '.', '!' or '?' that ends a sentence. */
export function firstSentence(content: string): string {
  const line = plain(answerLead(content).split('\n')[0] ?? '');
  for (const end of line.matchAll(/[.!?](?=\s|$)/g)) {
    const at = end.index;
    if (line[at] === '.') {
      const word = /(\S+)$/.exec(line.slice(0, at))?.[1] ?? '';
      // 'Inc.', 'Jan.', 'U.S.', 'e.g.', an initial ('J.P.'): not the end of a sentence.
      if (ABBREVIATIONS.has(word.toLowerCase()) || /^(?:[A-Za-z]\.)*[A-Za-z]$/.test(word)) continue;
    }
    return line.slice(0, at + 1);
  }
  return line;
}

const DOLLAR = /\$\s?\d|\d\s?\$|\b\d[\d,.]*\s?(?:US dollars|dollars|USD)\b/i;
const PERCENT = /\d\s?%|\d\s?(?:percent|per cent|prozent|por ciento|pour cent|per cento|procent)\b/i;

const MONTHS =
  'jan(?:uary|uar|vier)?|feb(?:ruary|ruar)?|f[ée]vrier|mar(?:ch|s)?|m[äa]rz|apr(?:il|ile)?|avril|may|mai|june?|juni|juin|july?|juli|juillet|aug(?:ust)?|ao[ûu]t|sep(?:t|tember|tembre)?|oct(?:ober|obre)?|okt(?:ober)?|nov(?:ember|embre)?|dec(?:ember)?|dez(?:ember)?|d[ée]cembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|januari|februari|maart|mei|augustus|oktober';
const DATE = new RegExp(
  [
    `\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\.?\\s+(?:of\\s+|de\\s+)?(?:${MONTHS})\\b`,
    '\\b\\d{4}-\\d{2}-\\d{2}\\b',
    '\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b',
    '\\b\\d{1,2}\\.\\d{1,2}\\.\\d{4}\\b',
  ].join('|'),
  'i',
);

const YES_NO: Record<QuestionLanguage | 'en', string[]> = {
  en: ['yes', 'no'],
  de: ['ja', 'nein'],
  es: ['sí', 'si', 'no'],
  fr: ['oui', 'non'],
  it: ['sì', 'si', 'no'],
  nl: ['ja', 'nee'],
};

/** "X is …", "X means …", "X measures …" (and the same verbs in the languages asked in), with a subject first. */
const DEFINES =
  /^(?!(?:there|here|it|this|that|i|you|we|they)(?![\p{L}\p{N}]))\S.*?\s(?:is|are|means|measures?|refers to|describes|stands for|ist|sind|bedeutet|misst|es|son|significa|mide|est|sont|signifie|mesure|è|sono|misura|betekent|meet|zijn)(?![\p{L}\p{N}])/iu;

/** Capitalised words that are finance acronyms, not ticker symbols. */
const ACRONYMS = new Set(
  'ETF ETFS EPS RSI TWR MWR XIRR IRR NYSE NASDAQ USD EUR GBP MA SMA EMA MACD DCA IPO CEO CFO US USA UK EU GDP ROI PE KGV NAV REIT TTM YTD ATH AI SEC IRS IRA ADR CAGR ET EST EDT UTC AM PM OK FAQ'.split(
    ' ',
  ),
);
const TICKER_LIKE = /\((\^?[A-Z][A-Z0-9.-]{0,8})\)|\$([A-Z]{1,5})\b|\b([A-Z]{2,5}(?:\.[A-Z])?)\b/g;

function namesTicker(sentence: string): boolean {
  for (const m of sentence.matchAll(TICKER_LIKE)) {
    const token = m[1] ?? m[2] ?? m[3];
    if (m[1] !== undefined || m[2] !== undefined || !ACRONYMS.has(token)) return true;
  }
  return false;
}

const PRICE_MOVE = /\b(?:up|down|rose|fell|gained|lost|dropped|climbed|trades|trading|closed)\b.*?\d\s?%/i;

/** A sentence that names a stock next to a dollar amount or a move in percent: a price figure of that stock. */
function showsStockPrice(content: string): boolean {
  const sentences = answerLead(content)
    .split(/(?<=[.!?])\s+|\n+/)
    .map(plain);
  return sentences.some((s) => namesTicker(s) && (DOLLAR.test(s) || PRICE_MOVE.test(s)));
}

/** True when `content` has the answer kind asked for (see the contract in the header). */
export function hasKind(kind: AnswerKind, content: string, language?: QuestionLanguage): boolean {
  const first = firstSentence(content);
  switch (kind) {
    case 'dollar':
      return DOLLAR.test(first);
    case 'percent':
      return PERCENT.test(first);
    case 'date':
      return DATE.test(first);
    case 'yes-no': {
      const words = [...YES_NO.en, ...(language ? YES_NO[language] : [])].join('|');
      return new RegExp(`^(?:${words})(?![\\p{L}\\p{N}])`, 'iu').test(first);
    }
    case 'definition':
      return DEFINES.test(first) && !showsStockPrice(content);
    case 'question-back': {
      const lead = answerLead(content).replace(/[*_`]/g, '').trim();
      return lead.length > 0 && lead.length < 300 && lead.endsWith('?');
    }
  }
}
