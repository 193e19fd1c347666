import type { ActivityType } from '../ledger/types';

/**
 * Brokers' words for what happened, read into the ledger's types (issue 27 §2): "YOU BOUGHT APPLE INC (AAPL)
 * (Cash)", "DIVIDEND RECEIVED", "Reinvestment", "MoneyLink Transfer", "Funds Received", "Electronic Funds
 * Transfer", "Service Fee", "Stock Split", "Market buy", "Dividend (Dividend)", Robinhood's codes (CDIV, ACH, GOLD),
 * German words (Kauf, Dividende, Einlage). Layouts with their own vocabulary ask here for what they do not know.
 */

/**
 * What a wording means. Beyond the ledger's types: 'reinvest' (a buy paid by a dividend), 'transfer' (a deposit or a
 * withdrawal, the amount's sign says which), 'tax' (booked as a fee), and kinds that are skipped with their reason.
 */
export type WordKind =
  | ActivityType
  | 'reinvest'
  | 'transfer'
  | 'tax'
  | 'interest'
  | 'sweep'
  | 'corporate'
  | 'option'
  | 'forex'
  | 'security-transfer';

const RULES: Array<[RegExp, WordKind]> = [
  [/\b(buy|sell) to (open|close)\b|^(bto|stc|sto|btc|oexp|oasgn)$|\b(call|put)\b|\boption/, 'option'],
  [/\b(div|dividend|cap(ital)? gain|distribution)s?\b.*\breinvest|^reinvest dividend|^qual div reinvest/, 'dividend'],
  [/\breinvest|^drip$|^wiederanlage/, 'reinvest'],
  [/\bsweep\b|\bcore (account|position)\b/, 'sweep'],
  [/withholding|foreign tax|\btax(es)? (paid|withheld)\b|^taxes?\b|^dtax$|^steuern?\b|quellensteuer|tax refund/, 'tax'],
  [/margin interest|interest charge|sollzinsen/, 'fee'],
  [/\binterest\b|^int$|^slip$|^zinsen|lending income|stock lending/, 'interest'],
  [/currency conversion|^forex\b|^fx\b|devisen/, 'forex'],
  [/\bsplit\b|^spl$|^split/, 'split'],
  [
    /^(you )?bought\b|^buy\b|^purchase|\b(market|limit|stop|stop limit) buy\b|^kauf\b|^achat\b|^compra\b|automatic investment|^bought$/,
    'buy',
  ],
  [
    /^(you )?sold\b|^sell\b|^sale\b|\b(market|limit|stop|stop limit) sell\b|^verkauf\b|^vente\b|^venta\b|^redemption\b/,
    'sell',
  ],
  [
    /spin-?off|stock distribution|merger|name change|^conversion\b|exchange offer|tender|stock div(idend)? dist|^soff$|^mrgs$|cash in lieu|corp(orate)? action/,
    'corporate',
  ],
  [/\bdiv\b|dividend|^cdiv$|distribution|cap(ital)? gain|^dividende|ausschüttung|^ertrag/, 'dividend'],
  [
    /journaled shares|security transfer|shares? (received|delivered|transferred)|transfer of (shares|securities)|^acat|^rec$|delivery \(|^einlieferung|^auslieferung/,
    'security-transfer',
  ],
  [
    /^deposit|transfer in\b|contribution|^cash in\b|funds received|transfer received|wire (in|received)|ach deposit|moneylink deposit|^einlage|^einzahlung|\(incoming\)|direct deposit|transfer \(inbound\)/,
    'deposit',
  ],
  [
    /^withdraw|transfer out\b|^cash out\b|funds (withdrawn|paid)|transfer paid|wire (out|sent)|ach withdrawal|^entnahme|^auszahlung|^removal|\(outgoing\)|disbursement|funds disbursed|transfer \(outbound\)/,
    'withdrawal',
  ],
  [
    /moneylink transfer|electronic funds? transfer|^ach$|^journal|internal transfer|^transfer$|^wire\b|^jnlc$|^transfers?$|^transferred (from|to)\b/,
    'transfer',
  ],
  [/\bfees?\b|commission|gebühr|refund|erstattung|^gold$|^dfee$|\bcharge\b|subscription/, 'fee'],
];

/** The kind of a broker's wording, or null when it says nothing the reader knows. */
export function kindOfWording(wording: string): WordKind | null {
  const text = wording.toLowerCase().replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  for (const [pattern, kind] of RULES) if (pattern.test(text)) return kind;
  return null;
}

export const SKIP_REASONS = {
  interest: 'Interest is not recorded: the ledger has no interest type yet',
  sweep: 'Cash moving into or out of the sweep fund: it stays cash',
  corporate: 'Corporate actions other than splits (spin-offs, mergers, name changes) are not read: record them by hand',
  option: 'Options are not supported',
  forex: 'Currency conversions are not recorded: the ledger keeps one currency',
  'security-transfer': 'Shares moved in or out without a price: record them as a buy or a sell with their price',
  cashLine: 'A money-market or sweep line of the account’s cash, not a trade',
  total: 'A total of the rows above',
  text: 'A note below the table, not a row',
  zero: 'Nothing moved (a zero amount)',
  refund: 'A refund of fees or taxes: the ledger has no refunds yet, record it as a deposit by hand',
  unknown: (wording: string) =>
    `"${wording}" is not a kind of activity the ledger records (buy, sell, dividend, fee, split, deposit, withdrawal)`,
} as const;

/** The reason a skipped kind is skipped; null for kinds that are read. */
export function skipReason(kind: WordKind): string | null {
  switch (kind) {
    case 'interest':
    case 'sweep':
    case 'corporate':
    case 'option':
    case 'forex':
    case 'security-transfer':
      return SKIP_REASONS[kind];
    default:
      return null;
  }
}
