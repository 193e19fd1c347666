import { hasColumns } from '../columns';
import { draftsOf } from '../drafts';
import { singleTable, type ActivityLayout, type ActivityOutcome, type Row } from '../layout';
import { SKIP_REASONS, type WordKind } from '../wordings';

/**
 * Robinhood's account activity report: "Activity Date","Process Date","Settle Date","Instrument","Description",
 * "Trans Code","Quantity","Price","Amount", newest first, amounts such as "($1,855.00)", descriptions over several
 * lines ("Apple\nCUSIP: 037833100"), and a disclaimer in the last cell of the last line. The Trans Code says what
 * happened.
 */

const ALIASES = {
  date: ['Activity Date'],
  symbol: ['Instrument'],
  description: ['Description'],
  code: ['Trans Code'],
  quantity: ['Quantity'],
  price: ['Price'],
  amount: ['Amount'],
} as const;
type Field = keyof typeof ALIASES;

const CODES: Record<string, WordKind> = {
  BUY: 'buy', SELL: 'sell', CDIV: 'dividend', MDIV: 'dividend', DRIP: 'reinvest', ACH: 'transfer', RTP: 'transfer',
  JNLC: 'transfer', WIRE: 'transfer', GOLD: 'fee', DFEE: 'fee', AFEE: 'fee', MFEE: 'fee', DTAX: 'tax', FTAX: 'tax',
  INT: 'interest', SLIP: 'interest', MINT: 'interest', SPL: 'split', SPR: 'split', REC: 'security-transfer',
  ACATI: 'security-transfer', ACATO: 'security-transfer', JNLS: 'security-transfer', SOFF: 'corporate',
  MRGS: 'corporate', CIL: 'corporate', SXCH: 'corporate', CONV: 'corporate', BTO: 'option', STC: 'option',
  STO: 'option', BTC: 'option', OEXP: 'option', OASGN: 'option', OEXCS: 'option', FUTSWP: 'sweep',
}; // prettier-ignore

function read(row: Row<Field>): ActivityOutcome {
  const code = row.get('code');
  const kind = CODES[code.toUpperCase()];
  const description = row.get('description').split('\n')[0].trim();
  if (!kind) return { skip: SKIP_REASONS.unknown(code || description), wording: code };
  return draftsOf(kind, {
    date: row.get('date'),
    wording: code,
    symbol: row.get('symbol'),
    quantity: row.num('quantity'),
    price: kind === 'split' ? null : row.num('price'),
    fee: null,
    amount: row.num('amount'),
    note: kind === 'fee' || kind === 'tax' ? description || null : null,
  });
}

export const robinhood: ActivityLayout = {
  info: { id: 'robinhood-activity', name: 'Robinhood — account activity', kind: 'activities' },
  conventions: { dateOrder: 'mdy', decimal: '.', currency: 'USD', sortSameDay: true },
  locate: (records) =>
    singleTable(records, ALIASES, (c) => hasColumns(c, ['date', 'symbol', 'code', 'amount']), read, {
      dateField: 'date',
    }),
};
