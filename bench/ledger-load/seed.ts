import Database from 'better-sqlite3';

/**
 * Large ledgers written straight into a bench server's SQLite file: the same rows whatever code the server runs
 * (before and after a change), in seconds rather than the minutes an import through the API would take. Every
 * ledger is valid: deposits first, buys of ten symbols, sells of at most what is held, dividends of held symbols,
 * small fees. Its oldest activity is a deposit (`${prefix}000000`) that a bench may edit back and forth.
 */
export const SEED_SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM', 'V', 'KO'];
const DAY = 86_400_000;
const YEARS = 10;

interface SeedRow {
  id: string;
  portfolio_id: string;
  type: string;
  date: string;
  symbol: string | null;
  quantity: string | null;
  price: string | null;
  fee: string | null;
  amount: string | null;
  ratio: string | null;
  note: string | null;
  created_at: number;
  updated_at: number;
}

export function seedRows(portfolioId: string, prefix: string, count: number, now: number): SeedRow[] {
  const start = now - YEARS * 365 * DAY;
  const rows: SeedRow[] = [];
  const held = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const date = new Date(start + Math.floor((i * (YEARS * 365 - 2) * DAY) / count)).toISOString().slice(0, 10);
    const symbol = SEED_SYMBOLS[i % SEED_SYMBOLS.length];
    const row: SeedRow = {
      id: `${prefix}${String(i).padStart(6, '0')}`,
      portfolio_id: portfolioId,
      type: 'buy',
      date,
      symbol: null,
      quantity: null,
      price: null,
      fee: null,
      amount: null,
      ratio: null,
      note: null,
      created_at: now,
      updated_at: now,
    };
    const kind = i % 10;
    if (kind === 0) Object.assign(row, { type: 'deposit', amount: '2500' });
    else if (kind === 9 && (held.get(symbol) ?? 0) >= 2) {
      Object.assign(row, { type: 'sell', symbol, quantity: '1', price: '120', fee: '1' });
      held.set(symbol, held.get(symbol)! - 1);
    } else if (kind === 7 && (held.get(symbol) ?? 0) > 0)
      Object.assign(row, { type: 'dividend', symbol, amount: '3.25' });
    else if (kind === 8) Object.assign(row, { type: 'fee', amount: '0.5' });
    else {
      Object.assign(row, { type: 'buy', symbol, quantity: '2', price: '100', fee: '0.99' });
      held.set(symbol, (held.get(symbol) ?? 0) + 2);
    }
    rows.push(row);
  }
  return rows;
}

/**
 * Inserts `count` activities into the portfolio, in one transaction on a connection of the bench's own; answers the
 * date of the oldest.
 */
export function seedLedger(dbFile: string, portfolioId: string, prefix: string, count: number, now: number): string {
  const db = new Database(dbFile);
  try {
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(
      'insert into portfolio_activities (id, portfolio_id, type, date, symbol, quantity, price, fee, amount, ratio, note, created_at, updated_at) ' +
        'values (@id, @portfolio_id, @type, @date, @symbol, @quantity, @price, @fee, @amount, @ratio, @note, @created_at, @updated_at)',
    );
    const rows = seedRows(portfolioId, prefix, count, now);
    db.transaction(() => {
      for (const row of rows) insert.run(row);
    })();
    return rows[0].date;
  } finally {
    db.close();
  }
}
