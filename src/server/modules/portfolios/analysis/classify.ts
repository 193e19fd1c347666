import type { SymbolProfile } from '../../../market/provider';

/**
 * Cash-like funds: US Treasury bill and ultra-short funds that behave like cash. Known tickers first; for
 * others, an ETF whose name says what it holds.
 */
export const CASH_LIKE_TICKERS: ReadonlySet<string> = new Set([
  'BIL',
  'BILS',
  'BOXX',
  'CLTL',
  'GBIL',
  'GSY',
  'ICSH',
  'JPST',
  'MINT',
  'NEAR',
  'PULS',
  'SCHO',
  'SGOV',
  'SHV',
  'SHY',
  'TBIL',
  'TFLO',
  'USFR',
  'VGSH',
  'XBIL',
  'XHLF',
]);
const CASH_LIKE_NAME = /treasury bill|t-bill|money market|ultra[- ]short|0-3 month|1-3 month|floating rate treasury/i;

export function isCashLike(symbol: string, profile: SymbolProfile | null): boolean {
  if (CASH_LIKE_TICKERS.has(symbol)) return true;
  return profile?.type === 'ETF' && CASH_LIKE_NAME.test(profile.name);
}

const TYPE_LABELS: Record<string, string> = {
  ETF: 'ETF',
  MUTUALFUND: 'Fund',
  INDEX: 'Index',
  CRYPTOCURRENCY: 'Cryptocurrency',
  CURRENCY: 'Currency',
  FUTURE: 'Futures',
  EQUITY: 'Other equity',
};

/** The allocation group: the sector for a company, the instrument type for everything else. */
export function allocationGroup(profile: SymbolProfile | null): string {
  if (!profile) return 'Unclassified';
  if (profile.sector) return profile.sector;
  return TYPE_LABELS[profile.type] ?? profile.type;
}

/** Funds and indices hold many companies across sectors. */
export function isDiversifiedFund(profile: SymbolProfile | null): boolean {
  return profile?.type === 'ETF' || profile?.type === 'INDEX' || profile?.type === 'MUTUALFUND';
}
