/**
 * Cash sweep and money-market lines: what the broker holds the account's cash in. A file names them like
 * holdings (SPAXX, VMFXX, "Cash & Cash Investments"), but they are the account's cash, not symbols to price
 * (issue 27 §2). The list is the core positions of the US brokers' sweeps; a symbol with the ** Fidelity puts after
 * its core position is cash too.
 */
const SWEEP_FUNDS = new Set([
  // Fidelity core positions
  'SPAXX', 'FDRXX', 'FZFXX', 'SPRXX', 'FCASH', 'FZDXX', 'FTEXX',
  // Vanguard settlement funds
  'VMFXX', 'VMMXX', 'VMRXX', 'VUSXX',
  // Schwab sweep and money funds
  'SWVXX', 'SNVXX', 'SNOXX', 'SNSXX', 'SNAXX', 'SWGXX', 'SUTXX',
  // Interactive Brokers / others
  'MMDA', 'QACDS', 'QPRMQ',
]); // prettier-ignore

const CASH_NAMES =
  /^(cash|cash & cash investments|cash and cash investments|cash & money market|core cash|money market|sweep|cash balance|cash sweep|settlement fund|brokerage cash)$/i;

/** The symbol as a cash line is written ("SPAXX**" → "SPAXX"). */
export const bareSymbol = (cell: string) => cell.trim().replace(/\*+$/, '').trim();

/** True when the symbol or name is the account's cash: a sweep fund, a money-market core position, "Cash". */
export function isCashLine(symbol: string, description = ''): boolean {
  const raw = symbol.trim();
  const bare = bareSymbol(raw).toUpperCase();
  if (raw.endsWith('**')) return true;
  if (SWEEP_FUNDS.has(bare)) return true;
  if (CASH_NAMES.test(raw) || CASH_NAMES.test(description.trim())) return true;
  return /\bmoney market\b/i.test(description) && /^[A-Z]{4}X$/.test(bare);
}
