/**
 * The ways people write an instrument's name, derived from the name the market gives ('The Coca-Cola Company' is
 * 'coca cola', 'cocacola' and 'coca-cola'; 'Taiwan Semiconductor Manufacturing Company Limited' is also
 * 'taiwan semiconductor'), plus the few nicknames no name contains ('google', 'coke', 'the dow').
 */

/** Written as part of a company's legal name, never what people call it. */
const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'company',
  'co',
  'ltd',
  'limited',
  'plc',
  'sa',
  's.a',
  'nv',
  'n.v',
  'ag',
  'se',
  'llc',
  'lp',
  'holdings',
  'holding',
  'group',
  'trust',
  'class',
  'a',
  'b',
  'c',
  'the',
  'etf',
  'fund',
  'shares',
  'usd',
]);

/**
 * Words of business names that say what kind of business it is, not which one: alone they name no company
 * ('semiconductor', 'motor', 'express'). A name's word that is one of these is a key only with its neighbours.
 */
const GENERIC_WORDS = new Set([
  ...LEGAL_SUFFIXES,
  'american',
  'international',
  'general',
  'united',
  'national',
  'global',
  'first',
  'bank',
  'banc',
  'financial',
  'capital',
  'energy',
  'technologies',
  'technology',
  'systems',
  'platforms',
  'markets',
  'communications',
  'communication',
  'wholesale',
  'motor',
  'motors',
  'automotive',
  'semiconductor',
  'semiconductors',
  'manufacturing',
  'industrial',
  'industries',
  'average',
  'composite',
  'express',
  'services',
  'service',
  'solutions',
  'health',
  'healthcare',
  'pharmaceuticals',
  'therapeutics',
  'resources',
  'properties',
  'realty',
  'brands',
  'foods',
  'stores',
  'airlines',
  'entertainment',
  'machines',
  'business',
  'micro',
  'devices',
  'electric',
  'power',
  'mobil',
  'chase',
  'index',
  'portfolio',
  'total',
  'market',
  'stock',
  'bond',
  'dividend',
  'growth',
  'value',
  'select',
  'sector',
  'spdr',
  'ishares',
  'vanguard',
  'invesco',
  'schwab',
  'jones',
  'industrial',
  'the',
  'and',
  'of',
  'de',
  'aerospace',
  'home',
  'depot',
  'walt',
  'eli',
]);

/** Nicknames and spellings that no instrument's name contains, to the symbols they mean. */
export const NICKNAMES: Record<string, string> = {
  google: 'GOOGL',
  facebook: 'META',
  coke: 'KO',
  'j&j': 'JNJ',
  'j and j': 'JNJ',
  'jp morgan': 'JPM',
  'j p morgan': 'JPM',
  amex: 'AXP',
  tsmc: 'TSM',
  exxonmobil: 'XOM',
  mcdonalds: 'MCD',
  "mcdonald's": 'MCD',
  'general electric': 'GE',
  's&p 500': '^GSPC',
  's&p500': '^GSPC',
  's&p': '^GSPC',
  's and p': '^GSPC',
  's and p 500': '^GSPC',
  sp500: '^GSPC',
  'sp 500': '^GSPC',
  nasdaq: '^IXIC',
  'nasdaq 100': 'QQQ',
  'nasdaq-100': 'QQQ',
  dow: '^DJI',
  'dow jones': '^DJI',
  'russell 2000': 'IWM',
  btc: 'BTC-USD',
  'bank of america': 'BAC',
  bofa: 'BAC',
  'p&g': 'PG',
  'p and g': 'PG',
};

/** Lower case, one kind of apostrophe, hyphens as spaces, '&' kept inside words ('s&p', 'at&t'). */
export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/\.com\b/g, '')
    .replace(/[,()"!?;:]/g, ' ')
    .replace(/(?<=\w)\.(?=\s|$)/g, '')
    .replace(/-/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface NameKeys {
  /** Whole-name keys: what the name is called in full and without its legal words. */
  full: string[];
  /** Single words of the name that may stand for it alone when no other name has them ('disney', 'lilly'). */
  words: string[];
}

/** The keys of one name. */
export function nameKeys(name: string): NameKeys {
  const words = normalizeName(name)
    .split(' ')
    .filter((w) => w && w !== 'the');
  const full = new Set<string>();
  const add = (ws: string[]) => {
    if (ws.length === 0) return;
    const key = ws.join(' ');
    full.add(key);
    // "Lowe's" is typed 'lowes' too.
    if (key.includes("'")) full.add(key.replace(/'/g, ''));
    if (key.includes('&')) full.add(key.replace(/\s*&\s*/g, ' and '));
    if (ws.length > 1 && ws.length <= 3 && ws.every((w) => /^[a-z]+$/.test(w))) full.add(ws.join(''));
  };
  add(words);
  // Without the legal words at the end ('coca cola company' -> 'coca cola').
  let core = words;
  while (core.length > 1 && LEGAL_SUFFIXES.has(core[core.length - 1])) core = core.slice(0, -1);
  add(core);
  // Leading words of a longer name ('taiwan semiconductor manufacturing' -> 'taiwan semiconductor').
  for (let n = 2; n < core.length; n++) if (!GENERIC_WORDS.has(core[n - 1])) add(core.slice(0, n));
  const single = core.filter((w) => w.length >= 4 && /^[a-z][a-z&']*$/.test(w) && !GENERIC_WORDS.has(w));
  return {
    full: [...full],
    words: [...single, ...single.filter((w) => w.includes("'")).map((w) => w.replace(/'/g, ''))],
  };
}
