import Database from 'better-sqlite3';
import { asc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/db/client';
import { portfolioActivities, portfolios } from '../../src/server/db/sqliteSchema';

/**
 * Issue 21: a database made before the ledger keeps its holdings, and each becomes one buy on its creation day
 * (UTC) at its average price, id 'h_' + the holding's id. (PostgreSQL runs the same step in its own SQL,
 * db/migrations-pg/*_portfolio_ledger.sql; tests/api/ledger.test.ts reads its result through the API.)
 */

const work = mkdtempSync(join(tmpdir(), 'ledger-migration-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function migrationsBefore(name: string): string {
  const folder = join(work, 'migrations');
  cpSync('db/migrations', folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag.endsWith(`_${name}`)),
  );
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('the portfolio ledger migration', () => {
  it('turns every holding into one buy on its creation day at its average price', async () => {
    const path = join(work, 'old.db');
    const old = new Database(path);
    migrate(drizzle(old), { migrationsFolder: migrationsBefore('portfolio_ledger') });
    old
      .prepare(
        "insert into users (id, email, username, first_name, last_name, display_name, password_hash, created_at) values ('u1', 'a@b.c', 'investor-1', 'A', 'B', 'A B', 'x', 1)",
      )
      .run();
    old
      .prepare(
        "insert into portfolios (id, user_id, name, is_public, created_at, updated_at) values ('p1', 'u1', 'Core', 0, 1, 1)",
      )
      .run();
    const insert = old.prepare(
      'insert into holdings (id, portfolio_id, symbol, quantity, average_price, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
    );
    // 23:59:59.999 UTC on 2024-02-29 and 00:00 UTC on 2024-03-01: the day is the UTC one.
    insert.run('hA', 'p1', 'AAPL', '10', '150.25', Date.UTC(2024, 1, 29, 23, 59, 59, 999), 5);
    insert.run('hB', 'p1', 'MSFT', '0.5', '300', Date.UTC(2024, 2, 1), 5);
    old.close();

    const migrated = openSqlite(path);
    const rows = await migrated.db.select().from(portfolioActivities).orderBy(asc(portfolioActivities.id));
    const [portfolio] = await migrated.db.select().from(portfolios);
    await migrated.close();
    expect(portfolio.costMethod).toBe('fifo');
    expect(portfolio.baseCurrency).toBe('USD');
    expect(rows).toEqual([
      {
        id: 'h_hA',
        portfolioId: 'p1',
        type: 'buy',
        date: '2024-02-29',
        symbol: 'AAPL',
        quantity: '10',
        price: '150.25',
        fee: null,
        amount: null,
        ratio: null,
        note: null,
        // The currencies migration after it (issue 27 §3): every existing row is in USD.
        currency: 'USD',
        fxRate: null,
        createdAt: Date.UTC(2024, 1, 29, 23, 59, 59, 999),
        updatedAt: Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      },
      {
        id: 'h_hB',
        portfolioId: 'p1',
        type: 'buy',
        date: '2024-03-01',
        symbol: 'MSFT',
        quantity: '0.5',
        price: '300',
        fee: null,
        amount: null,
        ratio: null,
        note: null,
        // The currencies migration after it (issue 27 §3): every existing row is in USD.
        currency: 'USD',
        fxRate: null,
        createdAt: Date.UTC(2024, 2, 1),
        updatedAt: Date.UTC(2024, 2, 1),
      },
    ]);
  });
});
