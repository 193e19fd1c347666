/**
 * The SQLite driver writes a final LIMIT's number into the statement text (db/sqliteLimit.ts, issue 29 §3): SQLite
 * runs a bound LIMIT about three times slower. Only digits may enter the text, offsets stay bound, and the rows a
 * query gives are the same either way.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type DbHandle } from '../../src/server/db/client';
import { tablesOf } from '../../src/server/db/schema';
import { inlineLimit } from '../../src/server/db/sqliteLimit';

describe('inlineLimit', () => {
  it('writes a final limit into the text and drops its parameter', () => {
    expect(inlineLimit('select "id" from "users" where "users"."id" = ? limit ?', ['u1', 1])).toEqual({
      text: 'select "id" from "users" where "users"."id" = ? limit 1',
      params: ['u1'],
    });
  });

  it('keeps the offset bound', () => {
    expect(inlineLimit('select "id" from "t" where "a" = ? limit ? offset ?', ['x', 50, 100])).toEqual({
      text: 'select "id" from "t" where "a" = ? limit 50 offset ?',
      params: ['x', 100],
    });
  });

  it.each([
    ['text', '1; drop table users'],
    ['a fraction', 1.5],
    ['a negative number', -1],
    ['an unsafe integer', 2 ** 60],
    ['a bigint', 1n],
    ['nothing', undefined],
  ])('leaves a limit given as %s bound', (_kind, limit) => {
    const text = 'select "id" from "users" limit ?';
    expect(inlineLimit(text, [limit])).toEqual({ text, params: [limit] });
  });

  it('leaves statements without a final limit alone (a limit inside a subquery included)', () => {
    const text = 'select "id" from "t" where "id" in (select "id" from "u" limit ?) and "a" = ?';
    const params = [3, 'x'];
    expect(inlineLimit(text, params)).toEqual({ text, params });
  });
});

describe('the SQLite handle', () => {
  let handle: DbHandle | null = null;
  afterEach(async () => {
    await handle?.close();
    handle = null;
  });

  it('sends drizzle limits as numbers in the text and reads the same rows', async () => {
    const sent: string[] = [];
    handle = openSqlite(':memory:', { onQuery: (text) => void sent.push(text) });
    const { db } = handle;
    const { users } = tablesOf(db);
    const rows = ['a', 'b', 'c', 'd'].map((id, i) => ({
      id,
      email: `${id}@example.com`,
      username: id,
      firstName: id,
      lastName: id,
      displayName: id,
      passwordHash: 'x',
      createdAt: i,
    }));
    await db.insert(users).values(rows);
    const page = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(2).offset(1);
    expect(page.map((r) => r.id)).toEqual(['b', 'c']);
    const one = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare()
      .execute({ id: 'd' });
    expect(one.map((r) => r.id)).toEqual(['d']);
    expect(sent.filter((text) => text.includes(' limit '))).toEqual([
      expect.stringMatching(/ limit 2 offset \?$/),
      expect.stringMatching(/ limit 1$/),
    ]);
  });
});
